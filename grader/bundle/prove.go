package bundle

import (
	"context"
	"fmt"
	"time"

	"harnesslab/grader"
	"harnesslab/grader/engine"
	"harnesslab/grader/results"
)

// DefaultDate dates the entries of a bundle when no date is given: the
// first day of 2026, a real date any zip reader shows as such.
var DefaultDate = time.Date(2026, time.January, 1, 0, 0, 0, 0, time.UTC)

// Prove checks lesson l's reference solution with the kit, as labrun grade
// does before it grades anyone. A bundle leaves the solution out, so this is
// where it is proved: call Prove before Gradescope, and bundle nothing that
// fails.
func Prove(ctx context.Context, kit *grader.Kit, l *grader.Lesson) error {
	solution, err := l.SolutionDir()
	if err != nil {
		return fmt.Errorf("prove lesson %s: %w", l.Number, err)
	}
	r := engine.Check(ctx, l, grader.Source{Dir: solution}, engine.Options{})
	if ctx.Err() != nil {
		return fmt.Errorf("prove lesson %s: stopped: %w", l.Number, ctx.Err())
	}
	if r.Status != results.StatusPassed {
		return fmt.Errorf("prove lesson %s: the kit's own solution does not pass (%s: %s), so no autograder was written; run labrun verify %s to see why",
			l.Number, r.Status, r.Message, l.Number)
	}
	return nil
}
