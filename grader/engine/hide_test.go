package engine

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"harnesslab/grader"
	"harnesslab/grader/results"
	"harnesslab/grader/sandbox"
)

// bwrapSandbox runs the check runner as grading does, under bwrap.
func bwrapSandbox(ctx context.Context, dir string, readOnly, hidden, env []string, timeout time.Duration, argv []string) (Run, error) {
	res, err := sandbox.Run(ctx, sandbox.Config{Dir: dir, ReadOnly: readOnly, Hidden: hidden, Env: env, Timeout: timeout}, argv)
	return Run{Stdout: res.Stdout, Stderr: res.Stderr, ExitCode: res.ExitCode, TimedOut: res.TimedOut, Duration: res.Duration}, err
}

// TestSandboxShowsNothingOfTheKit: a check program in the sandbox cannot read
// a file next to the program that runs the checks (with labrun in the system
// temporary folder, that is every student's work), the kit's solutions, nor
// the reference solutions the kit generates into the user's cache. Without
// the kit's folders hidden it can read the solutions: the check would see a
// leak.
func TestSandboxShowsNothingOfTheKit(t *testing.T) {
	if mode, warning := sandbox.Mode(); mode != sandbox.ModeBwrap {
		t.Skipf("bwrap is not usable here (mode %s): %s", mode, warning)
	}
	kit, err := grader.FindKit(".")
	if err != nil {
		t.Fatal(err)
	}
	l, err := kit.Lesson("02")
	if err != nil {
		t.Fatal(err)
	}
	exe := testBinary(t)
	neighbour := filepath.Join(filepath.Dir(exe), "another-students-work.go")
	if err := os.WriteFile(neighbour, []byte("package harness\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	defer os.Remove(neighbour)
	kitSolution := filepath.Join(kit.Root, "solutions", filepath.Base(l.Dir), "harness.go")
	generated := filepath.Join(solutionDir(t, l), "harness.go")
	for _, p := range []string{kitSolution, generated} {
		if _, err := os.Stat(p); err != nil {
			t.Fatalf("the test needs %s: %v", p, err)
		}
	}
	peek := func(hidden []string) *outcome {
		req := newTestRequest(t, "peeks")
		env := append(fakeEnv(req), envPeek+"="+strings.Join([]string{neighbour, kitSolution, generated}, "\n"))
		job := runnerJob{Bin: exe, Parallel: 1, Limit: time.Minute, CPULimit: time.Minute, StackGrace: time.Second,
			Checks: []runnerCheck{{Name: "peeks", Dir: req.dir, Env: env, Out: req.out}}}
		end := startRunner(context.Background(), job, filepath.Dir(req.dir), hidden, Options{Sandbox: bwrapSandbox, CheckTimeout: time.Minute})
		return judge(req, readRun(req.out), end, Budget{Check: time.Minute})
	}
	if o := peek(kitPaths(l)); !o.passed {
		t.Errorf("with the kit hidden, the check program could see (%s): %s\n%s", o.kind, o.message, o.output)
	}
	// The control: with nothing hidden, what the test looks for is there to
	// read (the generated solution at least: a kit in the system temporary
	// folder, as in a fresh clone there, is out of sight anyway).
	o := peek(nil)
	if o.passed || o.kind != results.KindFailed || !strings.Contains(o.message, "read "+kitSolution) && !strings.Contains(o.message, "read "+generated) {
		t.Errorf("with nothing hidden, the check program should read a solution: passed %v, %s %q", o.passed, o.kind, o.message)
	}
	if strings.Contains(o.message, neighbour) {
		t.Errorf("a file next to the check runner is readable: %q", o.message)
	}
}
