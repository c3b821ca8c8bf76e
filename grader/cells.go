package grader

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"

	"harnesslab/lab"
)

// Cell is one of a lesson's small programs, with the output it printed.
type Cell struct {
	Name   string // the folder name under cells/: "02-says-it-checked"
	Code   string // its main.go
	Output string // what it printed (stdout, then stderr if any)
	// Transcripts are what the cell recorded with lab.WriteTranscript, if
	// it chose to; nil otherwise.
	Transcripts []lab.Transcript
}

// CellNames returns the names of the lesson's cells, in order.
func (l *Lesson) CellNames() ([]string, error) {
	entries, err := os.ReadDir(filepath.Join(l.Dir, "cells"))
	if os.IsNotExist(err) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("list cells: %w", err)
	}
	var names []string
	for _, e := range entries {
		if e.IsDir() {
			names = append(names, e.Name())
		}
	}
	return names, nil
}

var cellRegion = regexp.MustCompile(`(?s)<!-- cell ([\w.-]+) -->\n.*?<!-- end cell -->`)

// SpliceCells returns the README text with the region of every cell marker
// pair filled with that cell's code and output. It is an error for a marker
// to name no cell, or for a cell to have no marker.
func SpliceCells(readme string, cells []Cell) (string, error) {
	byName := map[string]Cell{}
	for _, c := range cells {
		byName[c.Name] = c
	}
	used := map[string]bool{}
	var missing []string
	out := cellRegion.ReplaceAllStringFunc(readme, func(region string) string {
		name := cellRegion.FindStringSubmatch(region)[1]
		c, ok := byName[name]
		if !ok {
			missing = append(missing, name)
			return region
		}
		used[name] = true
		return fmt.Sprintf("<!-- cell %s -->\n```go\n%s\n```\n\nOutput:\n\n```text\n%s\n```\n<!-- end cell -->",
			name, strings.TrimRight(c.Code, "\n"), strings.TrimRight(c.Output, "\n"))
	})
	if len(missing) > 0 {
		return "", fmt.Errorf("README names cells that do not exist: %s", strings.Join(missing, ", "))
	}
	var unused []string
	for _, c := range cells {
		if !used[c.Name] {
			unused = append(unused, c.Name)
		}
	}
	if len(unused) > 0 {
		return "", fmt.Errorf("cells with no marker in the README (add <!-- cell NAME --> / <!-- end cell -->): %s", strings.Join(unused, ", "))
	}
	return out, nil
}
