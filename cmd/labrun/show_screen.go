package main

import (
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/charmbracelet/glamour"
	"golang.org/x/term"
)

// screen is where show writes: a terminal, where Markdown is rendered and
// long text is paged, or anything else, where it stays plain.
type screen struct {
	out      io.Writer
	errOut   io.Writer
	terminal bool
	width    int
	height   int
}

func newScreen(stdout, stderr io.Writer) *screen {
	s := &screen{out: stdout, errOut: stderr, width: 80, height: 24}
	f, ok := stdout.(*os.File)
	if !ok || !onTerminal(f) {
		return s
	}
	s.terminal = true
	if w, h, err := term.GetSize(int(f.Fd())); err == nil && w > 0 && h > 0 {
		s.width, s.height = w, h
	}
	return s
}

// onTerminal reports whether f is a terminal.
func onTerminal(f *os.File) bool {
	return term.IsTerminal(int(f.Fd()))
}

// render turns Markdown into text for the terminal. Should the renderer
// fail, the Markdown is shown as it is: a plain lesson beats none.
func (s *screen) render(markdown string) string {
	style := "dark"
	if v := os.Getenv("GLAMOUR_STYLE"); v != "" {
		style = v
	}
	if os.Getenv("NO_COLOR") != "" {
		style = "notty"
	}
	r, err := glamour.NewTermRenderer(glamour.WithStandardStyle(style), glamour.WithWordWrap(min(s.width, 100)-2))
	if err != nil {
		fmt.Fprintf(s.errOut, "labrun: render the lesson (GLAMOUR_STYLE=%q; try dark or light): %v\n", style, err)
		return markdown
	}
	out, err := r.Render(markdown)
	if err != nil {
		fmt.Fprintf(s.errOut, "labrun: render the lesson: %v\n", err)
		return markdown
	}
	return out
}

// page shows text through the pager when it is longer than the screen,
// and writes it straight out otherwise.
func (s *screen) page(text string) error {
	if strings.Count(text, "\n") < s.height-1 {
		_, err := io.WriteString(s.out, text)
		return err
	}
	return runPager(text, s.out, s.errOut)
}
