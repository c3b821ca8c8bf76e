package web

import (
	"bytes"
	"fmt"
	"html/template"
	"regexp"
	"strings"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/extension"
)

// md renders a lesson's Markdown. Raw HTML in a README is left out: the
// lesson text is the kit's, but a page should not run what it did not write.
var md = goldmark.New(goldmark.WithExtensions(extension.GFM))

// renderMarkdown returns text rendered as HTML.
func renderMarkdown(text string) (template.HTML, error) {
	var buf bytes.Buffer
	if err := md.Convert([]byte(text), &buf); err != nil {
		return "", fmt.Errorf("render the README: %v", err)
	}
	return template.HTML(buf.String()), nil // goldmark escapes text and drops raw HTML
}

// cellMarker matches a cell's region in a README, as grader.SpliceCells
// does, keeping the cell's name.
var cellMarker = regexp.MustCompile(`(?s)<!-- cell ([\w.-]+) -->\n.*?<!-- end cell -->`)

// quizChoice matches the first choice of a question asked before a cell:
// "- **A.**".
var quizChoice = regexp.MustCompile(`(?m)^- \*\*A\.\*\*`)

// part is a piece of a lesson page: Markdown text, or a cell.
type part struct {
	HTML template.HTML // rendered text; empty for a cell
	Cell string        // the cell's name; empty for text
	Quiz bool          // the text before this cell asks a question: hide the output until asked
	// Answer is the text after a quiz's cell, up to the next heading: the
	// answer, which waits with the output.
	Answer template.HTML
}

// heading matches a Markdown heading line.
var heading = regexp.MustCompile(`(?m)^#{1,6} `)

// splitReadme cuts a README at its cell markers and renders the text between
// them. A cell that follows a multiple-choice question is marked as a quiz.
func splitReadme(readme string) ([]part, error) {
	var parts []part
	last := 0
	addText := func(text string) error {
		if strings.TrimSpace(text) == "" {
			return nil
		}
		h, err := renderMarkdown(text)
		if err != nil {
			return err
		}
		parts = append(parts, part{HTML: h})
		return nil
	}
	matches := cellMarker.FindAllStringSubmatchIndex(readme, -1)
	for k, m := range matches {
		before := readme[last:m[0]]
		if err := addText(before); err != nil {
			return nil, err
		}
		p := part{Cell: readme[m[2]:m[3]], Quiz: quizChoice.MatchString(before)}
		last = m[1]
		if p.Quiz {
			end := len(readme)
			if k+1 < len(matches) {
				end = matches[k+1][0]
			}
			if h := heading.FindStringIndex(readme[last:end]); h != nil {
				end = last + h[0]
			}
			answer, err := renderMarkdown(readme[last:end])
			if err != nil {
				return nil, err
			}
			p.Answer, last = answer, end
		}
		parts = append(parts, p)
	}
	if err := addText(readme[last:]); err != nil {
		return nil, err
	}
	return parts, nil
}
