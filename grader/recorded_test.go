package grader

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"
)

// TestRecordedCellsOfEveryLesson: every lesson's cells can be drawn from
// the files that record them, each with an output, and the recorded
// transcripts name only cells that exist.
func TestRecordedCellsOfEveryLesson(t *testing.T) {
	kit, err := FindKit(".")
	if err != nil {
		t.Fatal(err)
	}
	lessons, err := kit.Lessons()
	if err != nil {
		t.Fatal(err)
	}
	drawn := 0
	for _, l := range lessons {
		cells, err := l.RecordedCells()
		if err != nil {
			t.Errorf("lesson %s: %v", l.Number, err)
			continue
		}
		names, _ := l.CellNames()
		if len(cells) != len(names) {
			t.Errorf("lesson %s: %d recorded cells, want its %d cells", l.Number, len(cells), len(names))
		}
		exists := map[string]bool{}
		for _, c := range cells {
			exists[c.Name] = true
			if c.Output == "" || c.Code == "" {
				t.Errorf("lesson %s: cell %s has no recorded output or no code", l.Number, c.Name)
			}
			drawn += len(c.Transcripts)
		}
		data, err := os.ReadFile(filepath.Join(l.Dir, "cells", CellTranscriptsFile))
		if err != nil {
			continue
		}
		var byName map[string]json.RawMessage
		if err := json.Unmarshal(data, &byName); err != nil {
			t.Errorf("lesson %s: %v", l.Number, err)
		}
		for name := range byName {
			if !exists[name] {
				t.Errorf("lesson %s: cells/%s records a cell %q that does not exist", l.Number, CellTranscriptsFile, name)
			}
		}
	}
	if drawn == 0 {
		t.Error("no lesson records a transcript; lessons 01-04 draw them")
	}
}
