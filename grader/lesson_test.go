package grader

import (
	"harnesslab/grader/results"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestScriptName(t *testing.T) {
	tests := []struct{ path, want string }{
		{"x/03_second_request.txtar", "second_request"},
		{"x/second_request.txtar", "second_request"},
		{"x/v2_thing.txtar", "v2_thing"},
	}
	for _, tt := range tests {
		if got := scriptName(tt.path); got != tt.want {
			t.Errorf("scriptName(%q) = %q, want %q", tt.path, got, tt.want)
		}
	}
}

func TestReadCheckHeader(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	got, err := readCheckHeader(write("01_a.txtar", "# The answer has 9090.\n# lab: 2\n# points: 2.5\n# visibility: hidden\ncheck a\n"))
	if err != nil {
		t.Fatal(err)
	}
	want := &CheckInfo{Name: "a", Sentence: "The answer has 9090.", Lab: 2, Points: 2.5, Hidden: true, Script: got.Script}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("header (-want +got):\n%s", diff)
	}
	for _, bad := range []string{"check a\n", "# s\n# lab: zero\n", "# s\n# points: many\n", "# s\ncheck other\n"} {
		if _, err := readCheckHeader(write("02_b.txtar", bad)); err == nil {
			t.Errorf("header %q should be refused", bad)
		}
	}
}

func TestCompileFailureWords(t *testing.T) {
	kit := &Kit{Root: "/kit"}
	l := &Lesson{Number: "02", Package: "harness", kit: kit}
	shown := map[string]string{"/kit/lessons/02-x/harness.go": "mine/harness.go", "/tmp/copy/harness.go": "mine/harness.go",
		"harnesslab/lessons/02-x/harness.go": "mine/harness.go"}
	tests := []struct {
		reason string
		out    string
		status results.Status
		want   []string
	}{
		{"an error in the student's file points at the student's path",
			"# harnesslab/lessons/02-x\nlessons/02-x/harness.go:12:5: undefined: foo\n", results.StatusNoCompile,
			[]string{"Your code does not compile:", "mine/harness.go:12: undefined: foo"}},
		{"a syntax error names the overlay's file, shown the student's way",
			"/tmp/copy/harness.go:42:1: syntax error: unexpected }\n", results.StatusNoCompile,
			[]string{"mine/harness.go:42: syntax error"}},
		{"a changed signature is explained",
			"grader/checks/02/lab1.go:30:10: not enough arguments in call to harness.RunTool\n", results.StatusNoCompile,
			[]string{"the checks cannot call it", "harness.RunTool"}},
		{"the compiler names the check program by its full path",
			"/kit/grader/checks/02/main.go:13:14: undefined: harness.TextOf\n", results.StatusNoCompile,
			[]string{"the checks cannot call it", "undefined: harness.TextOf"}},
		{"a path the compiler's -trimpath rewrote points at the student's file",
			"harnesslab/lessons/02-x/harness.go:130:19: harnesslab/lessons/02-x.big: symbol too large (2147483648 bytes > 2000000000 bytes)\n", results.StatusNoCompile,
			[]string{"mine/harness.go:130: harnesslab/lessons/02-x.big: symbol too large"}},
		{"a broken check program is the kit's fault, named from the kit's root",
			"/kit/grader/checks/02/lab1.go:30:10: undefined: helper\n", results.StatusKitError,
			[]string{"bug in the kit", "grader/checks/02/lab1.go:30:10: undefined: helper"}},
		{"a broken check program is the kit's fault",
			"grader/checks/02/lab1.go:30:10: undefined: helper\n", results.StatusKitError,
			[]string{"bug in the kit"}},
	}
	for _, tt := range tests {
		r := l.compileFailure(tt.out, shown)
		if r.Status != tt.status {
			t.Errorf("%s: status %s, want %s", tt.reason, r.Status, tt.status)
		}
		for _, w := range tt.want {
			if !strings.Contains(r.Message, w) {
				t.Errorf("%s: message %q should contain %q", tt.reason, r.Message, w)
			}
		}
	}
}

func TestSpliceCells(t *testing.T) {
	readme := "Intro\n<!-- cell 01-a -->\nold\n<!-- end cell -->\nEnd\n"
	got, err := SpliceCells(readme, []Cell{{Name: "01-a", Code: "package main\n", Output: "hi\n"}})
	if err != nil {
		t.Fatal(err)
	}
	want := "Intro\n<!-- cell 01-a -->\n```go\npackage main\n```\n\nOutput:\n\n```text\nhi\n```\n<!-- end cell -->\nEnd\n"
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("SpliceCells (-want +got):\n%s", diff)
	}
	if _, err := SpliceCells(readme, nil); err == nil {
		t.Errorf("a marker naming no cell should be an error")
	}
	if _, err := SpliceCells("no markers", []Cell{{Name: "01-a"}}); err == nil {
		t.Errorf("a cell with no marker should be an error")
	}
}

func TestSameOutsideGaps(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) string {
		p := filepath.Join(dir, name)
		os.WriteFile(p, []byte(text), 0o644)
		return p
	}
	starter := write("s.go", "a\n// --- your code ---\npanic(\"F: not written yet\")\n// --- end ---\nb\n")
	good := write("g.go", "a\n// --- your code ---\nreturn 1\n// --- end ---\nb\n")
	drift := write("d.go", "a\n// --- your code ---\nreturn 1\n// --- end ---\nc\n")
	if err := sameOutsideGaps(starter, good); err != nil {
		t.Errorf("a solution that differs only in the gap: %v", err)
	}
	if err := sameOutsideGaps(starter, drift); err == nil {
		t.Errorf("a solution that differs outside the gap should be reported")
	}
	solved := write("solved.go", "a\nreturn 1\nb\n")
	if err := sameOutsideGaps(solved, solved); err != nil {
		t.Errorf("a file carried along solved, with no gap and the same in both: %v", err)
	}
	if err := sameOutsideGaps(solved, good); err == nil {
		t.Errorf("a file with no gap that differs from its solution should be reported")
	}
}

func TestSpliceChecks(t *testing.T) {
	l := &Lesson{Checks: []*CheckInfo{
		{Name: "a", Sentence: "First of lab 1.", Lab: 1},
		{Name: "b", Sentence: "Second of lab 1.", Lab: 1},
		{Name: "c", Sentence: "First of lab 2.", Lab: 2},
	}}
	readme := "<!-- checks lab 1 -->\n1. old\n<!-- end checks -->\ntext\n<!-- checks lab 2 -->\n<!-- end checks -->\n"
	got, err := l.SpliceChecks(readme)
	if err != nil {
		t.Fatal(err)
	}
	want := "<!-- checks lab 1 -->\n- 1.1 First of lab 1.\n- 1.2 Second of lab 1.\n<!-- end checks -->\ntext\n" +
		"<!-- checks lab 2 -->\n- 2.1 First of lab 2.\n<!-- end checks -->\n"
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("SpliceChecks (-want +got):\n%s", diff)
	}
	if _, err := l.SpliceChecks("<!-- checks lab 1 -->\n<!-- end checks -->\n"); err == nil {
		t.Errorf("a lab with checks and no list should be an error")
	}
	if _, err := l.SpliceChecks(readme + "<!-- checks lab 3 -->\n<!-- end checks -->\n"); err == nil {
		t.Errorf("a list for a lab with no checks should be an error")
	}
}
