package engine

import (
	"context"
	"fmt"
	"math"
	"os"
	"time"

	"harnesslab/grader"
	"harnesslab/grader/build"
	"harnesslab/grader/results"
)

// Check builds the student files of src with the lesson's check program and
// runs every check. It always returns a result with one entry per check: a
// copy that cannot be built fails every check, and Status and Message say why.
func Check(ctx context.Context, l *grader.Lesson, src grader.Source, opts Options) *results.Result {
	opts = opts.withDefaults()
	start := time.Now()
	r := check(ctx, l, src, opts)
	r.Lesson, r.Duration = l.Number, time.Since(start)
	r.MaxScore = l.MaxScore()
	if r.Checks == nil {
		r.Checks = l.NotRun(r.Status, r.Message).Checks
		return r
	}
	tally(r)
	return r
}

// tally adds up the points of r's checks and sets its status: kit_error when
// the kit failed to run a check (the points earned are kept), failed when a
// check failed, passed otherwise.
func tally(r *results.Result) {
	failed, kitFailure := 0, ""
	for _, c := range r.Checks {
		r.Score += c.Points
		if !c.Passed {
			failed++
		}
		if c.Kind == results.KindKitError && kitFailure == "" {
			kitFailure = c.Message
		}
	}
	r.Score = math.Round(r.Score*1e4) / 1e4 // sums of fractional points stay readable
	switch {
	case kitFailure != "":
		// Not the student's fault: say so, and keep the points earned.
		r.Status = results.StatusKitError
		r.Message = fmt.Sprintf("%d of %d checks passed; %s", len(r.Checks)-failed, len(r.Checks), kitFailure)
	case failed > 0:
		r.Status = results.StatusFailed
		r.Message = fmt.Sprintf("%d of %d checks passed", len(r.Checks)-failed, len(r.Checks))
	default:
		r.Status = results.StatusPassed
	}
}

func check(ctx context.Context, l *grader.Lesson, src grader.Source, opts Options) *results.Result {
	files, shown, fail := l.Locate(src)
	if fail != nil {
		return fail
	}
	if fail := l.CheckSources(files, shown); fail != nil {
		return fail
	}
	if opts.WorkDir == "" {
		dir, err := os.MkdirTemp("", "labrun-")
		if err != nil {
			return failure(results.StatusKitError, "make a work folder: "+err.Error())
		}
		defer os.RemoveAll(dir)
		opts.WorkDir = dir
	}
	tc := opts.Toolchain
	if tc == nil || tc.Lesson() != l {
		var err error
		if tc, err = build.Cached(ctx, l); err != nil {
			return failure(results.StatusKitError, err.Error())
		}
	}
	bin, failed := tc.Build(ctx, files, shown, opts.WorkDir)
	if failed != nil {
		return failed
	}
	checks, stopped, err := runChecks(ctx, l, bin, opts)
	if err != nil {
		return failure(results.StatusKitError, err.Error())
	}
	return &results.Result{Checks: checks, Stopped: stopped}
}

// failure is the result of a copy whose checks could not be run.
func failure(status results.Status, msg string) *results.Result {
	return &results.Result{Status: status, Message: msg}
}
