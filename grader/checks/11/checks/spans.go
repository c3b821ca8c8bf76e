package checks

import (
	"fmt"
	"sort"

	"harnesslab/lab"
)

// showSpans writes the calls that ran, in the order they started, with their
// times on the clock, each on a line of its own, to follow a colon.
func showSpans(spans []lab.Span) string {
	if len(spans) == 0 {
		return " no tool ran"
	}
	spans = append([]lab.Span(nil), spans...)
	sort.SliceStable(spans, func(i, j int) bool {
		if spans[i].Start != spans[j].Start {
			return spans[i].Start < spans[j].Start
		}
		return spans[i].End < spans[j].End
	})
	var out string
	for i, s := range spans {
		out += fmt.Sprintf("\n  %d. %s(%s) ran from %v to %v", i+1, s.Tool, argWords(s.Args), s.Start, s.End)
	}
	return out
}

// runWords lists what ran as "read(a.txt)", sorted, for comparing runs
// whatever order they started in.
func runWords(spans []lab.Span) []string {
	out := make([]string, len(spans))
	for i, s := range spans {
		out[i] = s.Tool + "(" + argWords(s.Args) + ")"
	}
	sort.Strings(out)
	return out
}
