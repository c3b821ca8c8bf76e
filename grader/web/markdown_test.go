package web

import (
	"strings"
	"testing"
)

// TestSplitReadmeFoldsTheAnswer: a cell after a multiple-choice question is
// a quiz, and the text after it up to the next heading is its answer; a cell
// with no question before it is not.
func TestSplitReadmeFoldsTheAnswer(t *testing.T) {
	readme := "# T\n\nPick one.\n\n- **A.** yes\n- **B.** no\n\n<!-- cell 01-q -->\nold\n<!-- end cell -->\n\n**B** is right.\n\n## Next\n\nMore.\n\n<!-- cell 02-plain -->\nold\n<!-- end cell -->\n\nAfter.\n"
	parts, err := splitReadme(readme)
	if err != nil {
		t.Fatal(err)
	}
	var cells []part
	for _, p := range parts {
		if p.Cell != "" {
			cells = append(cells, p)
		}
	}
	if len(cells) != 2 || !cells[0].Quiz || cells[1].Quiz {
		t.Fatalf("cells = %+v, want 01-q a quiz and 02-plain not", cells)
	}
	if !strings.Contains(string(cells[0].Answer), "<strong>B</strong> is right.") || strings.Contains(string(cells[0].Answer), "Next") {
		t.Errorf("the quiz's answer is %q, want the text up to the next heading", cells[0].Answer)
	}
	all := ""
	for _, p := range parts {
		all += string(p.HTML)
	}
	if strings.Contains(all, "is right") || !strings.Contains(all, "<h2>Next</h2>") || !strings.Contains(all, "After.") {
		t.Errorf("the text outside the cells is wrong:\n%s", all)
	}
}
