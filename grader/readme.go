package grader

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
)

var checksRegion = regexp.MustCompile(`(?s)<!-- checks lab (\d+) -->\n.*?<!-- end checks -->`)

// SpliceChecks returns the README text with the region of every checks
// marker pair (<!-- checks lab N --> ... <!-- end checks -->) filled with the
// numbered sentences of lab N's checks, as `labrun check` lists them, so that
// the lesson text never promises checks the kit does not run. It is an error
// for a lab with checks to have no marker, or for a marker to name a lab with
// none.
func (l *Lesson) SpliceChecks(readme string) (string, error) {
	byLab := map[int][]string{}
	for _, c := range l.Checks {
		byLab[c.Lab] = append(byLab[c.Lab], fmt.Sprintf("- %s %s", c.Number, c.Sentence))
	}
	used := map[int]bool{}
	var bad []string
	out := checksRegion.ReplaceAllStringFunc(readme, func(region string) string {
		lab, _ := strconv.Atoi(checksRegion.FindStringSubmatch(region)[1])
		lines, ok := byLab[lab]
		if !ok {
			bad = append(bad, strconv.Itoa(lab))
			return region
		}
		used[lab] = true
		return fmt.Sprintf("<!-- checks lab %d -->\n%s\n<!-- end checks -->", lab, strings.Join(lines, "\n"))
	})
	if len(bad) > 0 {
		return "", fmt.Errorf("README lists the checks of labs that have none: %s", strings.Join(bad, ", "))
	}
	for lab := range byLab {
		if !used[lab] {
			return "", fmt.Errorf("README has no list of lab %d's checks (add <!-- checks lab %d --> / <!-- end checks -->)", lab, lab)
		}
	}
	return out, nil
}
