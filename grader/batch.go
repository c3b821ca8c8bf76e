package grader

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"sync"
	"time"
)

// A grading run starts one sandbox per submission, not one per check:
// creating namespaces is work the kernel does one at a time, and ten of them
// per submission were most of a run's wall time. Inside that sandbox a check
// runner, which is this program again (see RunnerInit), starts every check as
// a process of its own, exactly as the engine does outside, so a check still
// cannot see what another one did.

// runnerMarker is the first argument that makes this program a check runner.
const runnerMarker = "__labrun_check_runner"

// BatchExec starts the check runner, argv, in the sandbox: dir is its
// private writable folder, readOnly must be visible inside.
type BatchExec func(ctx context.Context, dir string, readOnly, env []string, timeout time.Duration, argv []string) (Run, error)

// batchJob is what the host hands the runner, in a file it deletes at once.
type batchJob struct {
	Bin      string       `json:"bin"`
	Parallel int          `json:"parallel"`
	Checks   []batchCheck `json:"checks"`
}

type batchCheck struct {
	Name    string        `json:"name"`
	Env     []string      `json:"env"`
	Timeout time.Duration `json:"timeout"`
	Out     string        `json:"out"` // where the runner writes what the check's process did
}

// RunnerInit makes this process a check runner when its arguments say so,
// and then never returns. Every program that grades (labrun, and test
// binaries that grade) calls it first thing in main, after sandbox.Init.
func RunnerInit() {
	if len(os.Args) != 3 || os.Args[1] != runnerMarker {
		return
	}
	if err := runBatch(os.Args[2]); err != nil {
		fmt.Fprintln(os.Stderr, "check runner:", err)
		os.Exit(3)
	}
	os.Exit(0)
}

func runBatch(jobPath string) error {
	data, err := os.ReadFile(jobPath)
	if err != nil {
		return err
	}
	os.Remove(jobPath) // the secrets in it are no business of the checks
	var job batchJob
	if err := json.Unmarshal(data, &job); err != nil {
		return err
	}
	sem := make(chan struct{}, max(job.Parallel, 1))
	var wg sync.WaitGroup
	for _, c := range job.Checks {
		wg.Add(1)
		go func() {
			defer wg.Done()
			sem <- struct{}{}
			defer func() { <-sem }()
			run, err := DirectExec(context.Background(), filepath.Dir(c.Out), c.Env, c.Timeout, []string{job.Bin, c.Name})
			if err != nil {
				run = Run{ExitCode: -1, Stderr: []byte("check runner: " + err.Error())}
			}
			data, _ := json.Marshal(run)
			os.WriteFile(c.Out, data, 0o600)
		}()
	}
	wg.Wait()
	return nil
}

// runBatchOnHost runs every check of the lesson through the runner in one
// sandbox and returns each check's run by name. A check the runner did not
// report on (the whole batch was stopped) is missing from the map.
func (l *Lesson) runBatchOnHost(ctx context.Context, bin string, reqs map[string]*checkRequest, opts Options) (map[string]Run, error) {
	dir := filepath.Join(opts.WorkDir, "batch")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, err
	}
	job := batchJob{Bin: bin, Parallel: opts.Parallel}
	total := 5 * time.Second
	for i, c := range l.Checks {
		req := reqs[c.Name]
		checkDir := filepath.Join(dir, strconv.Itoa(i))
		if err := os.Mkdir(checkDir, 0o755); err != nil {
			return nil, err
		}
		req.verdict = filepath.Join(checkDir, "verdict.json")
		job.Checks = append(job.Checks, batchCheck{Name: c.Name, Env: req.env(checkDir, opts), Timeout: req.timeout,
			Out: filepath.Join(checkDir, "run.json")})
		total += req.timeout
	}
	data, err := json.Marshal(job)
	if err != nil {
		return nil, err
	}
	jobPath := filepath.Join(dir, "job.json")
	if err := os.WriteFile(jobPath, data, 0o644); err != nil {
		return nil, err
	}
	exe, err := os.Executable()
	if err != nil {
		return nil, fmt.Errorf("find this program to run the checks: %w", err)
	}
	_, err = opts.Batch(ctx, dir, []string{filepath.Dir(exe), filepath.Dir(bin)},
		[]string{"PATH=/usr/bin:/bin"}, total, []string{exe, runnerMarker, jobPath})
	if err != nil {
		return nil, err
	}
	runs := map[string]Run{}
	for _, c := range job.Checks {
		data, err := os.ReadFile(c.Out)
		if err != nil {
			continue
		}
		var run Run
		if json.Unmarshal(data, &run) == nil {
			runs[c.Name] = run
		}
	}
	return runs, nil
}
