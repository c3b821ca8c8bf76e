package main

import (
	"bytes"
	"strings"
	"testing"

	"harnesslab/grader"
	"harnesslab/grader/results"
)

// TestCheckSentencesWrapAtTheWidth: at a terminal, a long check sentence
// breaks between words within the width, each later line under the
// sentence's first word; piped (width 0) it stays on one line.
func TestCheckSentencesWrapAtTheWidth(t *testing.T) {
	l := &grader.Lesson{Number: "02", Labs: []string{"First"}}
	sentence := "the second request holds the question, the reply that asked for the file, then the result that answers it, and nothing else"
	r := &results.Result{Status: results.StatusFailed, Checks: []results.CheckResult{{Lab: 1, Sentence: sentence, Message: "wrong"}}}
	results.Renumber(r.Checks)
	var buf bytes.Buffer
	printResult(&buf, l, r, view{width: 60})
	var lines []string
	for _, line := range strings.Split(buf.String(), "\n") {
		if strings.Contains(line, "FAIL") || strings.HasPrefix(line, "            ") && !strings.Contains(line, "wrong") {
			lines = append(lines, line)
		}
	}
	if len(lines) < 3 {
		t.Fatalf("the sentence took %d lines at 60 columns, want at least 3:\n%s", len(lines), buf.String())
	}
	var words []string
	for i, line := range lines {
		if n := visibleWidth(line); n > 60 {
			t.Errorf("line %d is %d columns wide, want at most 60: %q", i+1, n, line)
		}
		if i > 0 && !strings.HasPrefix(line, strings.Repeat(" ", len("  FAIL  1.1 "))) {
			t.Errorf("line %d is not indented under the sentence: %q", i+1, line)
		}
		words = append(words, strings.Fields(line)...)
	}
	if got := strings.Join(words[2:], " "); got != sentence {
		t.Errorf("the wrapped words read %q, want the sentence whole: %q", got, sentence)
	}
	buf.Reset()
	printResult(&buf, l, r, view{})
	if !strings.Contains(buf.String(), "  FAIL  1.1 "+sentence+"\n") {
		t.Errorf("piped, the sentence should stay on one line:\n%s", buf.String())
	}
}

// TestCodeBlocksIndentEvenly: a Go block indented with tabs is drawn with
// every level 4 columns deeper than the one before, and no tab left for
// the terminal to stretch to 8.
func TestCodeBlocksIndentEvenly(t *testing.T) {
	md := "```go\nfunc f() {\n\tif x {\n\t\treturn\n\t}\n}\n```\n"
	got := renderTerminal(md, 80, false)
	want := "    func f() {\n        if x {\n            return\n        }\n    }\n"
	if got != want {
		t.Errorf("renderTerminal = %q\nwant            %q", got, want)
	}
}
