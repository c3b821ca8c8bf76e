package main

import (
	"bytes"
	"strings"
	"testing"

	"github.com/creack/pty"

	"harnesslab/grader"
	"harnesslab/grader/results"
)

// failingResult is a copy of a two-lab lesson where three checks fail with
// the same words and the same transcript, and one prints a lot.
func failingResult() (*grader.Lesson, *results.Result) {
	l := &grader.Lesson{Number: "02", Title: "Two labs", Labs: []string{"First", "Second"}}
	transcript := "0 user -> \"hi\"\n1 assistant -> \"hello\""
	long := strings.Repeat("line\n", 20)
	r := &results.Result{Status: results.StatusFailed, Checks: []results.CheckResult{
		{Lab: 1, Sentence: "one", Passed: true},
		{Lab: 1, Sentence: "two", Message: "Chat is not written yet", Details: []string{transcript}},
		{Lab: 2, Sentence: "three", Message: "Chat is not written yet", Details: []string{transcript}},
		{Lab: 2, Sentence: "four", Message: "Something else", Output: long},
	}}
	results.Renumber(r.Checks)
	return l, r
}

func TestPrintResultSaysEachThingOnce(t *testing.T) {
	l, r := failingResult()
	var buf bytes.Buffer
	printResult(&buf, l, r, view{})
	out := buf.String()
	for _, tt := range []struct {
		why   string
		words string
		count int
	}{
		{"the same words are written once", "Chat is not written yet", 1},
		{"the same transcript is written once", `1 assistant -> "hello"`, 1},
		{"a repeat points back to the first, once however many of its parts repeat", "(the same as under 1.2)", 1},
		{"long output is clipped, and says how to see it", "(12 more lines; -v shows them)", 1},
		{"the next check to fix is named", "1 of 4 checks pass. Next: make 1.2 pass. Stuck? labrun hint 02", 1},
		{"the student is told how to see everything", "-v shows every failure whole", 1},
		{"checks are numbered lab by lab", "FAIL  2.2 four", 1},
		{"no colour unless asked", "\x1b[", 0},
	} {
		if got := strings.Count(out, tt.words); got != tt.count {
			t.Errorf("%s: %q appears %d times, want %d:\n%s", tt.why, tt.words, got, tt.count, out)
		}
	}
}

func TestPrintResultVerboseShowsAll(t *testing.T) {
	l, r := failingResult()
	var buf bytes.Buffer
	printResult(&buf, l, r, view{verbose: true})
	out := buf.String()
	if n := strings.Count(out, "Chat is not written yet"); n != 2 {
		t.Errorf("-v writes every failure whole: the words appear %d times, want 2:\n%s", n, out)
	}
	if n := strings.Count(out, "line\n"); n != 20 || strings.Contains(out, "more lines") {
		t.Errorf("-v writes all the output (%d lines of 20):\n%s", n, out)
	}
}

func TestPrintResultSummaryAndOnly(t *testing.T) {
	l, r := failingResult()
	var buf bytes.Buffer
	printResult(&buf, l, r, view{summary: true})
	if out := buf.String(); strings.Contains(out, "Something else") || !strings.Contains(out, "Chat is not written yet") {
		t.Errorf("the summary explains the first failure only:\n%s", out)
	}
	buf.Reset()
	printResult(&buf, l, r, view{only: "1.1"})
	if out := buf.String(); strings.Contains(out, "two") || !strings.Contains(out, "1.1 passes; 1 of 4 checks pass in all.") {
		t.Errorf("only 1.1 is shown, with the tally:\n%s", out)
	}
}

func TestPrintResultDone(t *testing.T) {
	l := &grader.Lesson{Number: "02", Labs: []string{"First"}}
	r := &results.Result{Status: results.StatusPassed, Checks: []results.CheckResult{{Lab: 1, Sentence: "one", Passed: true}}}
	var buf bytes.Buffer
	printResult(&buf, l, r, view{color: true, next: "03"})
	if want := "\x1b[32mAll 1 checks pass. Lesson 02 is done. Next: labrun show 03\x1b[0m"; !strings.Contains(buf.String(), want) {
		t.Errorf("a passing lesson names the next one, in green; got:\n%q", buf.String())
	}
}

func TestUseColor(t *testing.T) {
	ptmx, tty, err := pty.Open()
	if err != nil {
		t.Skipf("no pseudo-terminal here: %v", err)
	}
	defer ptmx.Close()
	defer tty.Close()
	t.Setenv("TERM", "xterm")
	t.Setenv("NO_COLOR", "")
	if !useColor(tty) {
		t.Error("a terminal gets colours")
	}
	if useColor(&bytes.Buffer{}) {
		t.Error("a buffer (a pipe, a file) gets none")
	}
	t.Setenv("NO_COLOR", "1")
	if useColor(tty) {
		t.Error("NO_COLOR turns colours off, even on a terminal")
	}
}
