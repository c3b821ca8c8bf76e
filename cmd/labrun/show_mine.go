package main

import (
	"fmt"
	"regexp"
	"strings"

	"harnesslab/grader"
)

// differsNote opens the note under a cell whose output on the student's code
// is not the reference solution's.
const differsNote = "**≠ Your code prints something else here.**"

// markDifferences adds a note under every cell of the page whose output on
// the student's code (mine) differs from the reference solution's (ref),
// with the reference's output to compare.
func markDifferences(page grader.Page, mine, ref []grader.Cell) {
	refOut := map[string]string{}
	for _, c := range ref {
		refOut[c.Name] = c.Output
	}
	for _, c := range mine {
		want, ok := refOut[c.Name]
		if !ok || strings.TrimRight(want, "\n") == strings.TrimRight(c.Output, "\n") {
			continue
		}
		for i := range page {
			if page[i].Kind == grader.PartCell && page[i].Cell == c.Name {
				page[i].Text = strings.TrimRight(page[i].Text, "\n") + fmt.Sprintf(
					"\n\n%s The reference solution printed:\n\n```text\n%s\n```\n", differsNote, strings.TrimRight(want, "\n"))
			}
		}
	}
}

// recordedCell finds a cell's region in a README and the output recorded
// in it: the last text block before the region ends.
var recordedCell = regexp.MustCompile("(?s)<!-- cell ([^ ]+) -->.*?```text\n(.*?)\n?```\n<!-- end cell -->")

// recordedCells returns the cells of a README with the outputs it records
// for the reference solution (their code is not needed to compare).
func recordedCells(readme string) []grader.Cell {
	var out []grader.Cell
	for _, m := range recordedCell.FindAllStringSubmatch(readme, -1) {
		out = append(out, grader.Cell{Name: m[1], Output: m[2]})
	}
	return out
}
