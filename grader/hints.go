package grader

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

// HintLab is the hints of one lab, easiest first.
type HintLab struct {
	Title  string
	Levels []string
}

// Hints reads the lesson's hints.md: a "## " heading per lab, and under it a
// "### " heading per level.
func (l *Lesson) Hints() ([]HintLab, error) {
	data, err := os.ReadFile(filepath.Join(l.Dir, "hints.md"))
	if err != nil {
		return nil, fmt.Errorf("read hints of lesson %s: %w", l.Number, err)
	}
	var labs []HintLab
	var level *strings.Builder
	flush := func() {
		if level != nil && len(labs) > 0 {
			last := &labs[len(labs)-1]
			last.Levels = append(last.Levels, strings.TrimSpace(level.String()))
		}
		level = nil
	}
	for _, line := range strings.Split(string(data), "\n") {
		switch {
		case strings.HasPrefix(line, "### "):
			flush()
			level = &strings.Builder{}
		case strings.HasPrefix(line, "## "):
			flush()
			labs = append(labs, HintLab{Title: strings.TrimSpace(line[3:])})
		case level != nil:
			level.WriteString(line + "\n")
		}
	}
	flush()
	if len(labs) == 0 {
		return nil, fmt.Errorf("hints of lesson %s: no labs (## headings) in hints.md", l.Number)
	}
	return labs, nil
}
