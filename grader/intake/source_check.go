package intake

import (
	"harnesslab/grader/gosource"
	"harnesslab/grader/results"
)

// checkSource refuses the student file name whose first bytes are data and
// whose real size is size when it is too big, holds a NUL byte, or is not
// valid UTF-8: the compiler would refuse it too, with a less helpful message.
// The words are the grading engine's own (package gosource), which checks
// the rest of what a lesson allows once the lesson is known.
func checkSource(name string, data []byte, size int64, limits Limits) *Problem {
	if p := gosource.CheckText(display(name), data, size, limits.MaxSourceBytes); p != nil {
		return problem(results.Status(p.Kind), p.Message)
	}
	return nil
}
