package report

import (
	"fmt"
	"regexp"
	"strings"

	"harnesslab/grader/results"
)

// insideFunc finds the student's function a timed-out check was stopped in,
// in the words the engine gives it: "..., inside ToolCalls (harness.go)".
var insideFunc = regexp.MustCompile(`inside ([\pL_][\pL\pN_.]*) \(`)

// Why says on one line why r has its status, for the "why" column of
// grades.csv and of the class dashboard ("" for a submission that passed). A submission whose checks ran
// out of time says where first, as the page of its checks does: "timed
// out in ToolCalls (check 1.1 calls_in_order); 6 of 13 checks passed".
// Any other result gives its own message, or its status in words.
func Why(r results.Result) string {
	if r.Status == results.StatusPassed {
		return ""
	}
	msg := firstLine(statusMessage(r))
	if !ran(r) && r.Status != results.StatusKitError {
		return msg
	}
	for _, c := range r.Checks {
		if c.Passed || c.Kind != results.KindTimeout {
			continue
		}
		where := "timed out"
		if m := insideFunc.FindStringSubmatch(c.Message); m != nil {
			where += " in " + m[1]
		}
		where += fmt.Sprintf(" (check %s %s)", c.Number, c.Name)
		if r.Message != "" && !strings.HasPrefix(r.Message, "timed out") {
			where += "; " + firstLine(r.Message)
		}
		return where
	}
	return msg
}
