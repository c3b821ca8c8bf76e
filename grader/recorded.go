package grader

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"

	"harnesslab/lab"
)

// CellTranscriptsFile is the file, in a lesson's cells folder, that keeps
// the transcripts the cells recorded when they last ran against the
// reference solution, beside the outputs the README records: a lesson page
// draws them from there instead of running the cells. TestLessonREADMEs in
// grader/proof keeps both current.
const CellTranscriptsFile = "transcripts.json"

// recordedRegion is a cell's region of a README as SpliceCells writes it;
// the output is the last text block before the region ends.
var recordedRegion = regexp.MustCompile("(?s)<!-- cell ([\\w.-]+) -->\n.*?```text\n(.*?)\n?```\n<!-- end cell -->")

// RecordedCells returns the lesson's cells as they last ran against the
// reference solution, without running anything: the code from the cells
// folder, the output from the README and the transcripts from
// CellTranscriptsFile. It is an error for the README to record no output
// for one of the cells.
func (l *Lesson) RecordedCells() ([]Cell, error) {
	names, err := l.CellNames()
	if err != nil || len(names) == 0 {
		return nil, err
	}
	readme, err := os.ReadFile(filepath.Join(l.Dir, "README.md"))
	if err != nil {
		return nil, fmt.Errorf("read the README of lesson %s: %w", l.Number, err)
	}
	outputs := map[string]string{}
	for _, m := range recordedRegion.FindAllStringSubmatch(string(readme), -1) {
		outputs[m[1]] = m[2] + "\n"
	}
	transcripts, err := l.recordedTranscripts()
	if err != nil {
		return nil, err
	}
	cells := make([]Cell, 0, len(names))
	for _, n := range names {
		out, ok := outputs[n]
		if !ok {
			return nil, fmt.Errorf("lesson %s: the README records no output for cell %s; run go test ./grader/proof -run TestLessonREADMEs -update", l.Number, n)
		}
		code, err := os.ReadFile(filepath.Join(l.Dir, "cells", n, "main.go"))
		if err != nil {
			return nil, fmt.Errorf("read cell %s of lesson %s: %w", n, l.Number, err)
		}
		cells = append(cells, Cell{Name: n, Code: string(code), Output: out, Transcripts: transcripts[n]})
	}
	return cells, nil
}

// recordedTranscripts reads CellTranscriptsFile: nothing when it is absent
// (no cell of the lesson records its run).
func (l *Lesson) recordedTranscripts() (map[string][]lab.Transcript, error) {
	data, err := os.ReadFile(filepath.Join(l.Dir, "cells", CellTranscriptsFile))
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("read the recorded transcripts of lesson %s: %w", l.Number, err)
	}
	var raw map[string]json.RawMessage
	if err := json.Unmarshal(data, &raw); err != nil {
		return nil, fmt.Errorf("lesson %s: decode cells/%s: %w", l.Number, CellTranscriptsFile, err)
	}
	out := map[string][]lab.Transcript{}
	for name, r := range raw {
		if out[name], err = lab.ReadTranscripts(r); err != nil {
			return nil, fmt.Errorf("lesson %s: cell %s in cells/%s: %w", l.Number, name, CellTranscriptsFile, err)
		}
	}
	return out, nil
}

// EncodeCellTranscripts returns the contents of CellTranscriptsFile for
// cells: each cell's transcripts under its name, indented, in name order;
// nil when no cell recorded any.
func EncodeCellTranscripts(cells []Cell) ([]byte, error) {
	byName := map[string][]lab.Transcript{}
	for _, c := range cells {
		if len(c.Transcripts) > 0 {
			byName[c.Name] = c.Transcripts
		}
	}
	if len(byName) == 0 {
		return nil, nil
	}
	data, err := json.MarshalIndent(byName, "", " ")
	if err != nil {
		return nil, fmt.Errorf("encode the cells' transcripts: %w", err)
	}
	return append(data, '\n'), nil
}
