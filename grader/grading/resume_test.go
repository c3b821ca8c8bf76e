package grading

import (
	"slices"
	"testing"

	"harnesslab/grader/intake"
	"harnesslab/grader/report"
	"harnesslab/grader/results"
)

// TestResumeGradesKitErrorsAgain: with Resume, a submission whose result is
// a kit_error is graded again and named as such; one with any other result
// is skipped; one with no result is graded.
func TestResumeGradesKitErrorsAgain(t *testing.T) {
	out := t.TempDir()
	for name, status := range map[string]results.Status{
		"alice": results.StatusPassed,
		"bob":   results.StatusKitError,
		"carol": results.StatusFailed,
	} {
		r := results.Result{Name: name, Lesson: "01", Status: status}
		if err := report.WriteSubmission(out, r, report.Options{}); err != nil {
			t.Fatal(err)
		}
	}
	sources := []intake.Source{{Name: "alice"}, {Name: "bob"}, {Name: "carol"}, {Name: "dave"}}
	var o Outcome
	pending, err := toGrade(Config{Out: out, Resume: true}, sources, &o)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, s := range pending {
		names = append(names, s.Name)
	}
	if want := []string{"bob", "dave"}; !slices.Equal(names, want) {
		t.Errorf("graded %q, want %q: bob's kit_error is not final, dave has no result", names, want)
	}
	if want := []string{"bob"}; !slices.Equal(o.Regraded, want) {
		t.Errorf("Regraded = %q, want %q", o.Regraded, want)
	}
	if o.Resumed != 2 {
		t.Errorf("Resumed = %d, want 2 (alice and carol)", o.Resumed)
	}

	o = Outcome{}
	pending, err = toGrade(Config{Out: out}, sources, &o)
	if err != nil {
		t.Fatal(err)
	}
	if len(pending) != 4 || o.Resumed != 0 || o.Regraded != nil {
		t.Errorf("without Resume: %d to grade, %d resumed, regraded %q; want all 4 graded", len(pending), o.Resumed, o.Regraded)
	}
}
