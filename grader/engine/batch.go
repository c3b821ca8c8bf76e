package engine

import (
	"cmp"
	"context"
	"encoding/json"
	"fmt"
	"harnesslab/grader/results"
	"os"
	"strings"
	"sync"
	"time"

	"harnesslab/grader/checkkit"
)

// The check runner is the one way checks are run, by `labrun check` and by
// `labrun grade` alike. It runs each check of a copy as a process of its own
// (so a check cannot see what another did) and writes what each process did
// next to it, as soon as it ends. The engine runs it in this process, or,
// when grading, as this program again inside one sandbox per submission (see
// RunnerInit): creating namespaces is work the kernel does one at a time, and
// one sandbox per check was most of a grading run's wall time.

// runnerMarker is the first argument that makes this program a check runner.
const runnerMarker = "__labrun_check_runner"

// Sandbox starts the check runner, argv, in a sandbox: dir is its private
// writable folder, readOnly (files and folders) must be visible inside,
// hidden must not be (the kit, its caches and the toolchain: see kitPaths;
// readOnly and dir win inside them), and the runner must be stopped after
// timeout or when ctx is done. The error is for a sandbox that failed, never
// for what the runner did.
type Sandbox func(ctx context.Context, dir string, readOnly, hidden, env []string, timeout time.Duration, argv []string) (Run, error)

// runnerJob is everything the runner needs; in a sandbox the host hands it
// over in a file that the runner deletes at once.
type runnerJob struct {
	Bin      string        `json:"bin"`
	Parallel int           `json:"parallel"`
	Limit    time.Duration `json:"limit"`     // per check program, on the clock: see Budget.Process
	CPULimit time.Duration `json:"cpu_limit"` // per check program, of processor time: see Budget.ProcessCPU
	// CheckCPU is a check's own processor-time limit (Budget.Check): a
	// check that timed out having used that much is not run again, since
	// no other work on the machine could have made it use more.
	CheckCPU   time.Duration `json:"check_cpu"`
	StackGrace time.Duration `json:"stack_grace"` // see StackGrace
	// Stop, if set, is when every check still running is asked for its
	// stacks and stopped, and no other is started: the caller's deadline
	// less RunnerGrace.
	Stop   time.Time     `json:"stop,omitzero"`
	Checks []runnerCheck `json:"checks"`
}

// runnerCheck is one check of a job.
type runnerCheck struct {
	Name string   `json:"name"`
	Dir  string   `json:"dir"` // the check program's working folder
	Env  []string `json:"env"`
	Out  string   `json:"out"` // where the runner writes the check program's Run
}

// RunnerInit makes this process a check runner when its arguments say so,
// and then never returns. Every program that grades (labrun, and test
// binaries that grade) calls it first thing in main, after sandbox.Init.
func RunnerInit() {
	if len(os.Args) != 3 || os.Args[1] != runnerMarker {
		return
	}
	if err := runJobFile(os.Args[2]); err != nil {
		fmt.Fprintln(os.Stderr, "check runner:", err)
		os.Exit(3)
	}
	os.Exit(0)
}

// runJobFile reads the job at path, deletes it and runs it.
func runJobFile(path string) error {
	data, err := os.ReadFile(path)
	if err != nil {
		return fmt.Errorf("read the job: %w", err)
	}
	os.Remove(path) // the secrets in it are no business of the checks
	var job runnerJob
	if err := json.Unmarshal(data, &job); err != nil {
		return fmt.Errorf("read the job %s: %w", path, err)
	}
	return runJob(context.Background(), job)
}

// runJob runs every check of job, job.Parallel at a time, and writes each
// one's Run to its Out file as soon as it ends; a check not started before
// the stop gets a Run that says it was stopped. Then every check that timed
// out on the clock (before it had used its processor time) while another
// check was running is run again alone, one at a time, and its second Run
// replaces the first (see Budget). The error says what the runner itself
// could not do.
func runJob(ctx context.Context, job runnerJob) error {
	if !job.Stop.IsZero() {
		var cancel context.CancelFunc
		ctx, cancel = context.WithDeadline(ctx, job.Stop)
		defer cancel()
	}
	sem := make(chan struct{}, max(job.Parallel, 1))
	var (
		wg        sync.WaitGroup
		mu        sync.Mutex
		firstErr  error
		running   = map[int]bool{}
		contended = make([]bool, len(job.Checks)) // ran while another check ran
		runs      = make([]Run, len(job.Checks))
	)
	report := func(path string, run Run) {
		if err := writeRun(path, run); err != nil {
			mu.Lock()
			firstErr = cmp.Or(firstErr, err)
			mu.Unlock()
		}
	}
	for i, c := range job.Checks {
		select {
		case sem <- struct{}{}:
		case <-ctx.Done():
		}
		if ctx.Err() != nil { // stopped: this check never starts, and says so
			report(c.Out, Run{ExitCode: -1, Stopped: true})
			continue
		}
		mu.Lock()
		running[i] = true
		if len(running) > 1 {
			for j := range running {
				contended[j] = true
			}
		}
		mu.Unlock()
		wg.Add(1)
		go func() {
			defer wg.Done()
			defer func() { <-sem }()
			run := runCheck(ctx, job, c)
			mu.Lock()
			delete(running, i)
			runs[i] = run
			mu.Unlock()
			report(c.Out, run)
		}()
	}
	wg.Wait()
	for i, c := range job.Checks {
		if ctx.Err() != nil {
			break
		}
		// Played again alone: a check that ran beside others and was
		// stopped at the wall ceiling with processor time to spare, so it
		// may only have been starved. A check whose own limit stopped it
		// sooner was waiting on itself (its limit counts that), and one that
		// used up its processor time was busy: another run would repeat it.
		if contended[i] && runs[i].CPU < job.CheckCPU && runs[i].Duration >= checkkit.WallCeiling(job.CheckCPU) && timedOut(c, runs[i]) {
			run := runCheck(ctx, job, c)
			run.Replayed = true
			report(c.Out, run)
		}
	}
	return firstErr
}

// runCheck runs one check program.
func runCheck(ctx context.Context, job runnerJob, c runnerCheck) Run {
	run, err := RunProcess(ctx, Process{Argv: []string{job.Bin, c.Name}, Dir: c.Dir, Env: c.Env,
		Limit: job.Limit, CPULimit: job.CPULimit, StackGrace: job.StackGrace})
	if err != nil {
		run = Run{ExitCode: -1, Err: err.Error()}
	}
	return run
}

// timedOut says whether a check timed out: the runner stopped it at a limit,
// or its verdict (carrying the run's secret) says so.
func timedOut(c runnerCheck, run Run) bool {
	if run.TimedOut {
		return true
	}
	v, err := checkkit.ReadVerdict(envValue(c.Env, checkkit.EnvVerdict), envValue(c.Env, checkkit.EnvNonce), c.Name)
	return err == nil && v.Kind == results.KindTimeout
}

// envValue is the value of key in env, or "".
func envValue(env []string, key string) string {
	for _, kv := range env {
		if v, ok := strings.CutPrefix(kv, key+"="); ok {
			return v
		}
	}
	return ""
}

// writeRun writes run to path whole or not at all.
func writeRun(path string, run Run) error {
	data, err := json.Marshal(run)
	if err != nil {
		return fmt.Errorf("encode what a check did: %w", err)
	}
	if err := os.WriteFile(path+".tmp", data, 0o600); err != nil {
		return fmt.Errorf("write what a check did: %w", err)
	}
	if err := os.Rename(path+".tmp", path); err != nil {
		return fmt.Errorf("write what a check did: %w", err)
	}
	return nil
}

// readRun reads what the runner wrote for one check; nil if it wrote nothing.
func readRun(path string) *Run {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil
	}
	var run Run
	if json.Unmarshal(data, &run) != nil {
		return nil
	}
	return &run
}
