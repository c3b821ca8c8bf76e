package main

import (
	"slices"
	"strings"
	"testing"
)

// TestChooseLessons: verify --changed proves the lessons a change can
// reach, and says why, without git (the choice is separate from reading it).
func TestChooseLessons(t *testing.T) {
	numbers := []string{"01", "02", "03", "04", "05"}
	for _, c := range []struct {
		reason  string
		changed []string
		want    []string
		all     bool
		why     map[string]string // lesson to words its reason must hold
	}{
		{"nothing changed", nil, nil, false, nil},
		{"only prose and other tools changed",
			[]string{"README.md", "lessons/AUTHORING.md", "grader/web/site.go", "grader/report/csv.go", ".ci/run", "cmd/labrun/list.go"}, nil, false, nil},
		{"a solution's source reaches every later lesson through the chain",
			[]string{"solutions/03-the-loop/harness.go"}, []string{"03", "04", "05"}, false,
			map[string]string{"03": "solutions/03-the-loop/harness.go changed", "05": "the chain carries solutions/03-the-loop/harness.go from lesson 03"}},
		{"a lesson's text, checks and variants prove that lesson alone",
			[]string{"lessons/02-model-can-only-talk/README.md", "grader/checks/04/05_x.txtar", "testdata/variants/01/wrong_x/expect.txt"},
			[]string{"01", "02", "04"}, false,
			map[string]string{"04": "grader/checks/04/05_x.txtar changed"}},
		{"a lesson's own change is named before what the chain carries",
			[]string{"solutions/02-x/harness.go", "lessons/04-when-tools-fail/README.md", "solutions/01-x/harness.go"}, numbers, false,
			map[string]string{"04": "lessons/04-when-tools-fail/README.md changed", "03": "the chain carries solutions/01-x/harness.go from lesson 01",
				"02": "solutions/02-x/harness.go changed"}},
		{"lab changes every lesson", []string{"lab/model.go", "lessons/02-x/README.md"}, numbers, true, nil},
		{"the engine changes every lesson", []string{"grader/engine/judge.go"}, numbers, true, nil},
		{"the lesson model changes every lesson", []string{"grader/lesson.go"}, numbers, true, nil},
		{"go.sum changes every lesson", []string{"go.sum"}, numbers, true, nil},
		{"a test of the engine proves nothing", []string{"grader/engine/runner_test.go", "grader/sandbox/testdata/helper/main.go"}, nil, false, nil},
		{"a lesson the kit does not have is left out", []string{"grader/checks/17/main.go", "lessons/17-new/README.md"}, nil, false, nil},
		{"a file beside the lesson folders is not a lesson", []string{"solutions/README.md", "lessons/notes.txt"}, nil, false, nil},
	} {
		got := chooseLessons(numbers, c.changed)
		if !slices.Equal(got.lessons, c.want) {
			t.Errorf("%s: chose %v, want %v", c.reason, got.lessons, c.want)
		}
		if (got.all != "") != c.all {
			t.Errorf("%s: every lesson = %v (%q), want %v", c.reason, got.all != "", got.all, c.all)
		}
		for n, words := range c.why {
			if !strings.Contains(got.why[n], words) {
				t.Errorf("%s: lesson %s is proved because %q; want it to say %q", c.reason, n, got.why[n], words)
			}
		}
		lines := strings.Join(got.lines(), "\n")
		for _, n := range c.want {
			if !c.all && !strings.Contains(lines, "lesson "+n+": ") {
				t.Errorf("%s: the lines do not name lesson %s:\n%s", c.reason, n, lines)
			}
		}
	}
}
