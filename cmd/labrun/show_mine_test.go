package main

import (
	"strings"
	"testing"

	"harnesslab/grader"
)

func TestMarkDifferences(t *testing.T) {
	page := grader.Page{
		{Kind: grader.PartCell, Cell: "01-same", Text: "same"},
		{Kind: grader.PartText, Text: "between"},
		{Kind: grader.PartCell, Cell: "02-other", Text: "yours"},
	}
	ref := []grader.Cell{{Name: "01-same", Output: "hi\n"}, {Name: "02-other", Output: "9090\n"}}
	mine := []grader.Cell{{Name: "01-same", Output: "hi\n"}, {Name: "02-other", Output: "8080\n"}}
	markDifferences(page, mine, ref)
	if strings.Contains(page[0].Text, differsNote) {
		t.Errorf("a cell that prints what the reference prints is marked:\n%s", page[0].Text)
	}
	if !strings.Contains(page[2].Text, differsNote) || !strings.Contains(page[2].Text, "```text\n9090\n```") {
		t.Errorf("a cell that prints something else should be marked, with the reference's output:\n%s", page[2].Text)
	}
	if page[1].Text != "between" {
		t.Errorf("text between cells changed: %q", page[1].Text)
	}
}
