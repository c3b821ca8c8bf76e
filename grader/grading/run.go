package grading

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"sync"
	"time"

	"harnesslab/grader"
	"harnesslab/grader/build"
	"harnesslab/grader/engine"
	"harnesslab/grader/intake"
	"harnesslab/grader/report"
	"harnesslab/grader/results"
	"harnesslab/grader/sandbox"
)

// Outcome is what a grading run did.
type Outcome struct {
	Results  []results.Result // every submission of this run and of earlier runs resumed, sorted by name
	Graded   int              // submissions graded by this run
	Resumed  int              // submissions skipped because Out already had their result
	Regraded []string         // names of submissions Out had as kit_error, graded again by this run
	Left     int              // submissions not graded because the run was stopped (ctx canceled)
	Skipped  []string         // things among the PATHs that are not submissions
	Mode     string           // how student code was isolated: "bwrap" or "rlimit"
}

// Run grades every submission found in cfg.Paths. A submission that cannot
// be built, hangs, crashes or is hostile gets its status and a score of 0 for
// what did not run; the run goes on. Run returns an error only when it cannot
// grade at all: bad arguments, a kit whose own solution fails, or reports
// that cannot be written.
//
// When ctx is canceled, Run starts no more submissions, ends the ones in
// flight without recording them, writes the run's reports for what is done
// marked incomplete (report.json's "incomplete"), and returns the Outcome
// with Left set and an error that wraps ctx's (context.Canceled). A later run
// with Resume grades what is left, and so does it for a kit_error: the
// kit's fault is never a student's final grade.
func Run(ctx context.Context, cfg Config) (out *Outcome, err error) {
	cfg, err = cfg.withDefaults()
	if err != nil {
		return nil, err
	}
	sources, skipped, err := intake.Expand(cfg.Paths, cfg.Lesson.StudentFiles)
	if err != nil {
		return nil, fmt.Errorf("grade: %w", err)
	}
	sources = shard(sources, cfg.Shard, cfg.Shards)
	out = &Outcome{Skipped: skipped}
	opt := report.Options{Lesson: cfg.Lesson.Number, KitVersion: cfg.KitVersion}

	if cfg.Out != "" {
		if err := os.MkdirAll(cfg.Out, 0o755); err != nil {
			return nil, fmt.Errorf("grade: make the output folder: %w", err)
		}
		l, err := lockOut(cfg.Out)
		if err != nil {
			return nil, err
		}
		defer func() {
			if uerr := l.unlock(); uerr != nil && err == nil {
				err = uerr
			}
		}()
		if err := report.RemoveTemporary(cfg.Out); err != nil {
			return nil, fmt.Errorf("grade: %w", err)
		}
	}
	pending, err := toGrade(cfg, sources, out)
	if err != nil {
		return nil, err
	}

	var warning string
	out.Mode, warning = sandbox.Mode()
	if warning != "" && cfg.Warn != nil {
		fmt.Fprintf(cfg.Warn, "labrun: warning: %s\n", warning)
	}
	work, err := os.MkdirTemp("", "labrun-grade-")
	if err != nil {
		return nil, fmt.Errorf("grade: make a work folder: %w", err)
	}
	defer os.RemoveAll(work)
	var results []results.Result
	if len(pending) > 0 {
		var tc *build.Toolchain
		tc, err = warmUp(ctx, cfg, work)
		if err == nil {
			results, err = gradeAll(ctx, cfg, tc, pending, work, opt)
		}
	}
	out.Graded = len(results)
	out.Results = results
	// Stopped means work is left: a signal that comes once every submission
	// is graded changes nothing.
	stopped := ctx.Err() != nil && len(results) < len(pending)
	if err != nil && !stopped {
		return out, err
	}
	if stopped {
		out.Left = len(pending) - len(results)
		opt.Left = out.Left
	}
	if cfg.Out != "" {
		all, err := report.Load(cfg.Out)
		if err != nil {
			return out, fmt.Errorf("grade: read back results: %w", err)
		}
		out.Results = keep(all, sources)
		if err := report.WriteRun(cfg.Out, out.Results, opt); err != nil {
			return out, fmt.Errorf("grade: %w", err)
		}
	}
	sort.Slice(out.Results, func(i, j int) bool { return out.Results[i].Name < out.Results[j].Name })
	if stopped {
		return out, fmt.Errorf("grade: stopped with %d of %d submissions left: %w", out.Left, len(pending), ctx.Err())
	}
	return out, nil
}

// toGrade is the submissions of sources this run grades: all of them, or
// with Resume those that Out has no result for, or has one with the status
// kit_error (the kit failed, not the student: never final). It counts the
// others in out.Resumed and names the kit errors in out.Regraded.
func toGrade(cfg Config, sources []intake.Source, out *Outcome) ([]intake.Source, error) {
	earlier := map[string]results.Status{}
	if cfg.Resume {
		prev, err := report.Load(cfg.Out)
		if err != nil {
			return nil, fmt.Errorf("grade: resume from %s: %w", cfg.Out, err)
		}
		for _, r := range prev {
			earlier[r.Name] = r.Status
		}
	}
	var pending []intake.Source
	for _, s := range sources {
		status, done := earlier[s.Name]
		switch {
		case !done:
			pending = append(pending, s)
		case status == results.StatusKitError:
			pending = append(pending, s)
			out.Regraded = append(out.Regraded, s.Name)
		default:
			out.Resumed++
		}
	}
	return pending, nil
}

// warmUp compiles everything the submissions share, once, and proves the kit
// by checking its own solution before any student is graded with it.
func warmUp(ctx context.Context, cfg Config, work string) (*build.Toolchain, error) {
	dir := filepath.Join(work, "warmup")
	if err := os.Mkdir(dir, 0o700); err != nil {
		return nil, fmt.Errorf("grade: %w", err)
	}
	tc, err := build.Prepare(ctx, cfg.Lesson)
	if ctx.Err() != nil {
		return nil, fmt.Errorf("grade: stopped while preparing: %w", ctx.Err())
	}
	if err != nil {
		return nil, fmt.Errorf("grade: %w", err)
	}
	tc.Limits.Memory = cfg.Memory // compiling and linking a submission is its work too
	if cfg.Proved {
		return tc, warmStarter(ctx, cfg, tc, dir)
	}
	solution, err := cfg.Lesson.SolutionDir()
	if err != nil {
		return nil, fmt.Errorf("grade: %w", err)
	}
	r := engine.Check(ctx, cfg.Lesson, grader.Source{Dir: solution}, checkOptions(cfg, tc, dir))
	if ctx.Err() != nil {
		return nil, fmt.Errorf("grade: stopped while checking the kit's own solution: %w", ctx.Err())
	}
	if r.Status != results.StatusPassed {
		return nil, fmt.Errorf("grade: the kit's own solution of lesson %s does not pass here (%s: %s); nothing was graded", cfg.Lesson.Number, r.Status, r.Message)
	}
	return tc, nil
}

func gradeAll(ctx context.Context, cfg Config, tc *build.Toolchain, pending []intake.Source, work string, opt report.Options) ([]results.Result, error) {
	var (
		mu       sync.Mutex
		results  []results.Result
		firstErr error
		wg       sync.WaitGroup
	)
	next := make(chan int)
	for range min(cfg.Jobs, max(len(pending), 1)) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				if ctx.Err() != nil {
					continue // stopped: start nothing more
				}
				r := gradeOne(ctx, cfg, tc, pending[i], filepath.Join(work, fmt.Sprintf("s%05d", i)))
				if ctx.Err() != nil {
					continue // interrupted: not graded, so that --resume grades it again
				}
				var err error
				if cfg.Out != "" {
					err = report.WriteSubmission(cfg.Out, *r, opt)
				}
				mu.Lock()
				results = append(results, *r)
				if err != nil && firstErr == nil {
					firstErr = fmt.Errorf("grade: write the result of %s: %w", r.Name, err)
				}
				if cfg.Progress != nil {
					cfg.Progress(len(results), len(pending), r)
				}
				mu.Unlock()
			}
		}()
	}
feed:
	for i := range pending {
		select {
		case <-ctx.Done():
			break feed // stop starting work
		case next <- i:
		}
	}
	close(next)
	wg.Wait()
	return results, firstErr
}

// gradeOne grades one submission in its own folder under work, and removes
// the folder afterwards.
func gradeOne(ctx context.Context, cfg Config, tc *build.Toolchain, src intake.Source, dir string) *results.Result {
	defer os.RemoveAll(dir)
	if err := os.MkdirAll(filepath.Join(dir, "in"), 0o700); err != nil {
		r := cfg.Lesson.NotRun(results.StatusKitError, "make a work folder: "+err.Error())
		r.Name = src.Name
		return r
	}
	sub := intake.Take(src, cfg.Lesson.StudentFiles, filepath.Join(dir, "in"), cfg.Limits)
	var r *results.Result
	if sub.Problem != nil {
		r = cfg.Lesson.NotRun(results.Status(sub.Problem.Kind), sub.Problem.Message)
	} else {
		build := filepath.Join(dir, "run")
		if err := os.MkdirAll(build, 0o700); err != nil {
			r = cfg.Lesson.NotRun(results.StatusKitError, "make a work folder: "+err.Error())
		} else {
			sctx, cancel := context.WithTimeout(ctx, cfg.Timeout)
			r = engine.Check(sctx, cfg.Lesson, grader.Source{Dir: sub.Dir, Shown: src.Name}, checkOptions(cfg, tc, build))
			if (r.Stopped && ctx.Err() == nil) || errors.Is(sctx.Err(), context.DeadlineExceeded) {
				r.Message = fmt.Sprintf("the submission used up its time limit of %s; checks that had given a verdict keep it, the others count as failed. %s", cfg.Timeout, r.Message)
			}
			cancel()
		}
	}
	r.Name, r.Ignored, r.Notes = src.Name, sub.Ignored, sub.Notes
	return r
}

func checkOptions(cfg Config, tc *build.Toolchain, dir string) engine.Options {
	// All the checks of a submission run in one sandbox; inside it they wait
	// on process starts more than they compute, so a few run at once.
	return engine.Options{Sandbox: sandboxRunner(cfg), Parallel: 4, WorkDir: dir,
		CheckTimeout: cfg.CheckTimeout, Toolchain: tc}
}

// sandboxRunner runs the check runner of one submission in the sandbox, with
// the run's limits.
func sandboxRunner(cfg Config) engine.Sandbox {
	hidden := hiddenPaths(cfg)
	return func(ctx context.Context, dir string, readOnly, kit, env []string, timeout time.Duration, argv []string) (engine.Run, error) {
		res, err := sandbox.Run(ctx, sandbox.Config{
			Dir:         dir,
			ReadOnly:    readOnly,
			Hidden:      append(slices.Clip(hidden), kit...),
			Env:         env,
			Timeout:     timeout,
			MemoryBytes: cfg.Memory,
			OutputBytes: DefaultOutputBytes,
		}, argv)
		return engine.Run{Stdout: res.Stdout, Stderr: res.Stderr, ExitCode: res.ExitCode, TimedOut: res.TimedOut, Duration: res.Duration}, err
	}
}

// hiddenPaths are folders student code has no business seeing: the
// instructor's home, the reports and the other submissions (the engine adds
// the kit's own: its sources, caches and toolchain).
func hiddenPaths(cfg Config) []string {
	var out []string
	if home, err := os.UserHomeDir(); err == nil {
		out = append(out, home)
	}
	for _, p := range append([]string{cfg.Out}, cfg.Paths...) {
		if p == "" {
			continue
		}
		abs, err := filepath.Abs(p)
		if err != nil {
			continue
		}
		info, err := os.Stat(abs)
		if err != nil {
			continue // not there yet (a new --out): nothing to hide
		}
		if !info.IsDir() {
			abs = filepath.Dir(abs)
		}
		out = append(out, abs)
	}
	return out
}

// shard keeps part i of n of sources (sorted by name), or all when n is 0.
func shard(sources []intake.Source, i, n int) []intake.Source {
	if n <= 1 {
		return sources
	}
	var out []intake.Source
	for k, s := range sources {
		if k%n == i-1 {
			out = append(out, s)
		}
	}
	return out
}

// keep returns the results whose names are among sources: an output folder
// may hold results of submissions that are not part of this run.
func keep(all []results.Result, sources []intake.Source) []results.Result {
	names := map[string]bool{}
	for _, s := range sources {
		names[s.Name] = true
	}
	var out []results.Result
	for _, r := range all {
		if names[r.Name] {
			out = append(out, r)
		}
	}
	return out
}
