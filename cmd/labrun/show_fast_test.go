package main

import (
	"bytes"
	"strings"
	"testing"
	"time"
)

// TestShowRunsNothing: labrun show prints every lesson from its README at
// once, without building or running a cell: with no go command to be
// found it still prints each cell's recorded output, in well under a
// second.
func TestShowRunsNothing(t *testing.T) {
	t.Chdir("../..")
	t.Setenv("PATH", t.TempDir()) // no go: running a cell would fail
	kit, _, err := lessonArg("01")
	if err != nil {
		t.Fatal(err)
	}
	lessons, err := kit.Lessons()
	if err != nil {
		t.Fatal(err)
	}
	for _, l := range lessons {
		var stdout, stderr bytes.Buffer
		start := time.Now()
		if err := run([]string{"show", l.Number}, &stdout, &stderr); err != nil {
			t.Fatalf("labrun show %s with no go command: %v\n%s", l.Number, err, &stderr)
		}
		took := time.Since(start)
		out := stdout.String()
		if strings.Contains(out, "<!-- cell") || !strings.Contains(out, "Output:") {
			t.Errorf("labrun show %s does not print its cells' outputs:\n%.500s", l.Number, out)
		}
		if stderr.Len() > 0 {
			t.Errorf("labrun show %s says something while it should only print: %s", l.Number, &stderr)
		}
		if took > 2*time.Second { // generous: the target is 0.5s, measured by cmd/labrun/bench/show-speed.sh
			t.Errorf("labrun show %s took %v", l.Number, took)
		}
	}
}

// TestShowRecordedOutputs: the outputs show compares --mine against are
// the ones the README records, cell by cell.
func TestShowRecordedOutputs(t *testing.T) {
	readme := "text\n<!-- cell 01-a -->\n```go\nfmt.Println(\"```text\")\n```\n\nOutput:\n\n```text\nport 9090\nbye\n```\n<!-- end cell -->\n" +
		"more\n<!-- cell 02-b -->\n```go\n```\n\nOutput:\n\n```text\n```\n<!-- end cell -->\n"
	cells := recordedCells(readme)
	if len(cells) != 2 || cells[0].Name != "01-a" || cells[0].Output != "port 9090\nbye" || cells[1].Name != "02-b" || cells[1].Output != "" {
		t.Errorf("recordedCells = %+v", cells)
	}
}
