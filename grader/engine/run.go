package engine

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"time"

	"harnesslab/grader"
	"harnesslab/grader/build"
	"harnesslab/grader/checkkit"
	"harnesslab/grader/results"
)

// Options tune a check run. The zero value is ready to use.
type Options struct {
	// CheckTimeout is how much processor time one check may use (default
	// 5s); on the clock it may take checkkit.WallFactor times as long. Every
	// other time limit of the run is derived from it: see Budget.
	CheckTimeout time.Duration
	Parallel     int              // checks run at once (default the number of CPUs)
	WorkDir      string           // where to build and run (default a fresh temporary folder, removed afterwards)
	Toolchain    *build.Toolchain // the lesson's toolchain, prepared (see build.Prepare); nil takes the one kept from an earlier run, or prepares it
	// Sandbox, if set, runs the check runner in a sandbox; nil runs it in
	// this process. Either way each check is a process of its own, run the
	// same way. The program must call RunnerInit.
	Sandbox Sandbox
}

func (o Options) withDefaults() Options {
	if o.CheckTimeout <= 0 {
		o.CheckTimeout = checkkit.DefaultTimeout
	}
	if o.Parallel <= 0 {
		o.Parallel = runtime.NumCPU()
	}
	return o
}

// budget is the run's time budget.
func (o Options) budget() Budget { return Budget{Check: o.CheckTimeout} }

// checkRequest is one run of the check program for one check: the secret
// its verdict must carry, where it runs, and where it and the runner write.
type checkRequest struct {
	name    string
	nonce   string
	dir     string // the check program's working folder
	verdict string // where the check program writes its verdict
	out     string // where the runner writes what the process did
	// scenario is where a player reads its scenario; "" when the check
	// program judges for itself (see played.go).
	scenario string
}

func newCheckRequest(name, dir string) (*checkRequest, error) {
	secret := make([]byte, 16)
	if _, err := rand.Read(secret); err != nil {
		return nil, fmt.Errorf("make a secret for the check: %w", err)
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, fmt.Errorf("make a folder for check %s: %w", name, err)
	}
	return &checkRequest{name: name, nonce: hex.EncodeToString(secret), dir: dir,
		verdict: filepath.Join(dir, "verdict.json"), out: filepath.Join(dir, "run.json")}, nil
}

// env is the whole environment of the check program. A lesson that does not
// teach concurrency runs its checks with one processor each: student code
// there starts no goroutine, the checks run side by side anyway, and a
// program with one processor starts with less memory to fault in (measured:
// 14.5 to 10.5 ms of CPU for a check of lesson 02).
func (r *checkRequest) env(opts Options, concurrent bool) []string {
	env := []string{
		"PATH=/usr/bin:/bin", "HOME=" + r.dir, "TMPDIR=" + r.dir,
		checkkit.EnvVerdict + "=" + r.verdict,
		checkkit.EnvTimeout + "=" + opts.CheckTimeout.String(),
		envRace,
	}
	if r.scenario != "" {
		env = append(env, checkkit.EnvScenario+"="+r.scenario) // a player gets no secret
	} else {
		env = append(env, checkkit.EnvNonce+"="+r.nonce)
	}
	if !concurrent {
		env = append(env, "GOMAXPROCS=1")
	}
	return env
}

// runnerEnd is how the check runner ended, for the checks it did not report on.
type runnerEnd struct {
	stopped bool   // stopped from outside: the caller's deadline, or an interrupt
	failed  string // the runner's own words when it failed; empty otherwise
}

// runChecks runs every check of the lesson against bin through the check
// runner, judges each by its verdict, and then runs the check scripts, which
// report those verdicts. It also says whether the run was stopped before
// every check gave a verdict.
func runChecks(ctx context.Context, l *grader.Lesson, bin string, opts Options) ([]results.CheckResult, bool, error) {
	b := opts.budget()
	deadline, hasDeadline := ctx.Deadline()
	job := runnerJob{Bin: bin, Parallel: opts.Parallel, Limit: b.Process(), CPULimit: b.ProcessCPU(), CheckCPU: b.Check, StackGrace: StackGrace,
		Stop: stopAt(deadline, hasDeadline)}
	dir := filepath.Join(opts.WorkDir, "check-runs")
	var referee *build.Judge
	if l.Judged() {
		var err error
		if referee, err = build.JudgeOf(ctx, l); err != nil {
			return nil, false, err
		}
	}
	reqs := make([]*checkRequest, len(l.Checks))
	for i, c := range l.Checks {
		req, err := newCheckRequest(c.Name, filepath.Join(dir, strconv.Itoa(i)))
		if err != nil {
			return nil, false, err
		}
		if referee != nil {
			if err := writeScenario(referee, req); err != nil {
				return nil, false, err
			}
			req.nonce = ""
		}
		reqs[i] = req
		job.Checks = append(job.Checks, runnerCheck{Name: c.Name, Dir: req.dir, Env: req.env(opts, l.Concurrency), Out: req.out})
	}
	end := startRunner(ctx, job, dir, kitPaths(l), opts)
	found, stopped := map[string]*outcome{}, false
	for _, req := range reqs {
		o := judge(req, readRun(req.out), end, b)
		found[req.name], stopped = o, stopped || o.stopped
	}
	if referee != nil {
		decide(ctx, referee, found, b)
	}
	checked, err := reportScripts(l, found, opts)
	return checked, stopped, err
}

// startRunner runs the job, in this process or in the sandbox, and says how
// the runner ended. In the sandbox only two programs are shown, this one and
// the check program, each as a file (the folders they are in may hold other
// students' work), and hidden is not shown at all.
func startRunner(ctx context.Context, job runnerJob, dir string, hidden []string, opts Options) runnerEnd {
	if opts.Sandbox == nil {
		err := runJob(ctx, job)
		return ended(ctx, nil, err)
	}
	jobPath, err := writeJob(dir, job)
	if err != nil {
		return runnerEnd{failed: err.Error()}
	}
	exe, err := os.Executable()
	if err != nil {
		return runnerEnd{failed: "find this program to run the checks: " + err.Error()}
	}
	timeout := opts.budget().Runner(len(job.Checks), job.Parallel)
	run, err := opts.Sandbox(ctx, dir, []string{exe, job.Bin}, hidden,
		[]string{"PATH=/usr/bin:/bin"}, timeout, []string{exe, runnerMarker, jobPath})
	if err != nil && ctx.Err() == nil {
		err = fmt.Errorf("start the check runner in its sandbox: %w", err)
	}
	return ended(ctx, &run, err)
}

// ended words how the runner ended: stopped from outside, failed (in its
// own words), or finished.
func ended(ctx context.Context, run *Run, err error) runnerEnd {
	switch {
	case ctx.Err() != nil || (run != nil && run.TimedOut):
		return runnerEnd{stopped: true}
	case err != nil:
		return runnerEnd{failed: err.Error()}
	case run != nil && run.ExitCode != 0:
		words := firstLines(string(run.Stderr), 5)
		if words == "" {
			words = "it said nothing"
		}
		return runnerEnd{failed: fmt.Sprintf("the check runner ended with exit status %d: %s", run.ExitCode, words)}
	}
	return runnerEnd{}
}

// writeJob writes the job where the sandboxed runner can read it.
func writeJob(dir string, job runnerJob) (string, error) {
	data, err := json.Marshal(job)
	if err != nil {
		return "", fmt.Errorf("encode the check runner's job: %w", err)
	}
	path := filepath.Join(dir, "job.json")
	if err := os.WriteFile(path, data, 0o644); err != nil {
		return "", fmt.Errorf("write the check runner's job: %w", err)
	}
	return path, nil
}
