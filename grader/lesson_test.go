package grader

import (
	"os"
	"path/filepath"
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

func TestSpliceChecks(t *testing.T) {
	l := &Lesson{Checks: []*CheckInfo{
		{Name: "a", Number: "1.1", Sentence: "First of lab 1.", Lab: 1},
		{Name: "b", Number: "1.2", Sentence: "Second of lab 1.", Lab: 1},
		{Name: "c", Number: "2.1", Sentence: "First of lab 2.", Lab: 2},
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
