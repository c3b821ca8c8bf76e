package main

import (
	"io"
	"os"
	"strings"

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

// render turns Markdown into text for the terminal, in colour unless
// NO_COLOR is set (https://no-color.org).
func (s *screen) render(markdown string) string {
	return renderTerminal(markdown, min(s.width, 100)-2, os.Getenv("NO_COLOR") == "")
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
