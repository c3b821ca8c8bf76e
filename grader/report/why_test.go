package report

import (
	"harnesslab/grader/results"
	"strings"
	"testing"
)

// TestWhy: the why column names where a hung submission hung, as its own
// page does, rather than only counting checks; other results keep their
// first line.
func TestWhy(t *testing.T) {
	check := func(lab int, name string, passed bool, kind, msg string) results.CheckResult {
		return results.CheckResult{Name: name, Lab: lab, Passed: passed, Kind: results.Kind(kind), Message: msg}
	}
	hung := results.Result{Status: results.StatusFailed, Message: "6 of 13 checks passed", Checks: []results.CheckResult{
		check(1, "calls_in_order", true, "", ""),
		check(1, "calls_from_content", false, "timeout", "timed out: the check was still running after 5s, inside ToolCalls (harness.go). Is there a loop that never ends?"),
		check(2, "answer_has_port", false, "timeout", "timed out: the check was still running after 5s, inside ToolCalls (harness.go), called from Chat (harness.go:116)."),
	}}
	cases := []struct {
		reason string
		r      results.Result
		want   string
	}{
		{"a hang names the function and the first check it hung in", hung,
			"timed out in ToolCalls (check 1.2 calls_from_content); 6 of 13 checks passed"},
		{"a stop with no place still says it timed out", results.Result{Status: results.StatusFailed, Message: "1 of 2 checks passed", Checks: []results.CheckResult{
			check(1, "a", true, "", ""), check(1, "b", false, "timeout", "not run: the run was stopped"),
		}}, "timed out (check 1.2 b); 1 of 2 checks passed"},
		{"a plain failure keeps its count", results.Result{Status: results.StatusFailed, Message: "1 of 2 checks passed", Checks: []results.CheckResult{
			check(1, "a", true, "", ""), check(1, "b", false, "failed", "expected 9090"),
		}}, "1 of 2 checks passed"},
		{"a compile error gives its first line", results.Result{Status: results.StatusNoCompile, Message: "harness.go:3:1: syntax error\nharness.go:9:2: more"},
			"harness.go:3:1: syntax error"},
		{"a pass needs no reason", results.Result{Status: results.StatusPassed}, ""},
		{"no message falls back to the status in words", results.Result{Status: results.StatusEmpty}, "The submission holds no files."},
	}
	for _, c := range cases {
		results.Renumber(c.r.Checks)
		if got := Why(c.r); got != c.want {
			t.Errorf("%s: Why = %q, want %q", c.reason, got, c.want)
		}
	}
}

// TestNotesReachTheStudent: where a student file was found, when it was not
// where the lesson puts it, is in the Gradescope output the student reads.
func TestNotesReachTheStudent(t *testing.T) {
	r := results.Result{Name: "frank", Status: results.StatusPassed, Score: 1, MaxScore: 1,
		Checks: []results.CheckResult{{Name: "a", Lab: 1, Passed: true, Points: 1, MaxPoints: 1}},
		Notes:  []string{"harness.go was taken from lesson02/src/harness.go, the one place the submission holds it"}}
	var b strings.Builder
	if err := WriteGradescope(&b, r, Options{}); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(b.String(), "harness.go was taken from lesson02/src/harness.go") {
		t.Errorf("the Gradescope output does not say where harness.go was found:\n%s", b.String())
	}
}
