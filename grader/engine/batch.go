package engine

import (
	"cmp"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"sync"
	"time"
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
// writable folder, readOnly must be visible inside, and the runner must be
// stopped after timeout or when ctx is done. The error is for a sandbox that
// failed, never for what the runner did.
type Sandbox func(ctx context.Context, dir string, readOnly, env []string, timeout time.Duration, argv []string) (Run, error)

// runnerJob is everything the runner needs; in a sandbox the host hands it
// over in a file that the runner deletes at once.
type runnerJob struct {
	Bin        string        `json:"bin"`
	Parallel   int           `json:"parallel"`
	Limit      time.Duration `json:"limit"`       // per check program: see Budget.Process
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
// the stop gets a Run that says it was stopped. The error says what the
// runner itself could not do.
func runJob(ctx context.Context, job runnerJob) error {
	if !job.Stop.IsZero() {
		var cancel context.CancelFunc
		ctx, cancel = context.WithDeadline(ctx, job.Stop)
		defer cancel()
	}
	sem := make(chan struct{}, max(job.Parallel, 1))
	var (
		wg       sync.WaitGroup
		mu       sync.Mutex
		firstErr error
	)
	report := func(path string, run Run) {
		if err := writeRun(path, run); err != nil {
			mu.Lock()
			firstErr = cmp.Or(firstErr, err)
			mu.Unlock()
		}
	}
	for _, c := range job.Checks {
		select {
		case sem <- struct{}{}:
		case <-ctx.Done():
		}
		if ctx.Err() != nil { // stopped: this check never starts, and says so
			report(c.Out, Run{ExitCode: -1, Stopped: true})
			continue
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			defer func() { <-sem }()
			run, err := RunProcess(ctx, Process{Argv: []string{job.Bin, c.Name}, Dir: c.Dir, Env: c.Env,
				Limit: job.Limit, StackGrace: job.StackGrace})
			if err != nil {
				run = Run{ExitCode: -1, Err: err.Error()}
			}
			report(c.Out, run)
		}()
	}
	wg.Wait()
	return firstErr
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
