package grading

import (
	"context"
	"fmt"

	"harnesslab/grader"
	"harnesslab/grader/build"
	"harnesslab/grader/engine"
	"harnesslab/grader/results"
)

// warmStarter stands in for the proof of the kit when Config.Proved is set:
// it checks the lesson's own folder, which in a packed kit holds the
// pristine starter. That builds what every submission shares, and shows the
// checks still run here: the starter must fail them, neither pass nor stop
// before a verdict.
func warmStarter(ctx context.Context, cfg Config, tc *build.Toolchain, dir string) error {
	r := engine.Check(ctx, cfg.Lesson, grader.Source{Dir: cfg.Lesson.Dir}, checkOptions(cfg, tc, dir))
	if ctx.Err() != nil {
		return fmt.Errorf("grade: stopped while checking the lesson's starter: %w", ctx.Err())
	}
	if r.Status != results.StatusFailed {
		return fmt.Errorf("grade: the starter of lesson %s should fail its checks here, but it is %s (%s); the packed kit is broken, so nothing was graded: pack it again with labrun gradescope %s",
			cfg.Lesson.Number, r.Status, r.Message, cfg.Lesson.Number)
	}
	return nil
}
