package engine

import (
	"context"
	"os"
	"strings"
	"testing"
	"time"

	"harnesslab/grader/results"
)

// needCPU skips a test where a running program's processor time is not read.
func needCPU(t *testing.T) {
	t.Helper()
	if _, ok := processCPU(os.Getpid()); !ok {
		t.Skip("this system does not say how much processor time a running program used")
	}
}

// TestProcessorTimeLimit: a program that waits uses no processor time and is
// stopped only at its wall-clock limit; a busy loop is stopped at its
// processor-time limit, long before the wall clock's.
func TestProcessorTimeLimit(t *testing.T) {
	needCPU(t)
	for _, c := range []struct {
		check      string
		wall, cpu  time.Duration
		wantCPUOut bool
		reason     string
	}{
		{"waits", time.Second, 200 * time.Millisecond, false, "a wait is not stopped at its processor-time limit, only at the wall ceiling"},
		{"spins", 20 * time.Second, 300 * time.Millisecond, true, "a busy loop is stopped at its processor-time limit"},
	} {
		req := newTestRequest(t, c.check)
		run, err := RunProcess(context.Background(), Process{Argv: []string{testBinary(t), c.check}, Dir: req.dir,
			Env: fakeEnv(req), Limit: c.wall, CPULimit: c.cpu})
		if err != nil {
			t.Fatal(err)
		}
		if !run.TimedOut {
			t.Errorf("%s: not timed out (%+v)", c.reason, run)
			continue
		}
		if cpuOut := run.CPU >= c.cpu; cpuOut != c.wantCPUOut {
			t.Errorf("%s: used %s of processor time in %s; want it at its processor-time limit %s: %v", c.reason, run.CPU, run.Duration, c.cpu, c.wantCPUOut)
		}
		if c.wantCPUOut && run.Duration >= c.wall/2 {
			t.Errorf("%s: took %s on the clock, near its wall limit %s", c.reason, run.Duration, c.wall)
		}
		if !c.wantCPUOut && run.Duration < c.wall {
			t.Errorf("%s: stopped after %s, before its wall limit %s", c.reason, run.Duration, c.wall)
		}
	}
}

// TestTimeoutReplayedAlone: a check that times out only while another check
// runs (it waits on the other) passes when it is played again alone; a check
// that hangs whatever else runs still times out; a busy loop, stopped at its
// processor-time limit, is not played again, nor is a check that timed out
// by its own verdict before the wall ceiling (it waited on itself: a
// deadlock, which another run would only repeat).
func TestTimeoutReplayedAlone(t *testing.T) {
	shared := t.TempDir()
	needCPU(t)
	names := []string{"holds", "shy", "hangs", "spins", "deadlocks"}
	job := runnerJob{Bin: testBinary(t), Parallel: 4, Limit: time.Second, CPULimit: 300 * time.Millisecond,
		CheckCPU: 200 * time.Millisecond, StackGrace: 500 * time.Millisecond}
	var reqs []*checkRequest
	for _, name := range names {
		req := newTestRequest(t, name)
		reqs = append(reqs, req)
		job.Checks = append(job.Checks, runnerCheck{Name: name, Dir: req.dir, Env: append(fakeEnv(req), envShared+"="+shared), Out: req.out})
	}
	if err := runJob(context.Background(), job); err != nil {
		t.Fatal(err)
	}
	b := Budget{Check: time.Second}
	if o := judge(reqs[0], readRun(reqs[0].out), runnerEnd{}, b); !o.passed {
		t.Errorf("the check that holds the mark: %s %q; want a pass", o.kind, o.message)
	}
	run := readRun(reqs[1].out)
	if o := judge(reqs[1], run, runnerEnd{}, b); !o.passed || run == nil || !run.Replayed {
		t.Errorf("the check that hangs only beside the other: passed %v, replayed %v, %q; want a pass when replayed alone", o.passed, run != nil && run.Replayed, o.message)
	}
	// Whether a check was replayed depends on what ran beside it, so its
	// message does not say: two gradings of one copy read the same.
	run = readRun(reqs[2].out)
	o := judge(reqs[2], run, runnerEnd{}, b)
	if o.passed || o.kind != results.KindTimeout || run == nil || !run.Replayed || strings.Contains(o.message, "alone") {
		t.Errorf("the check that always hangs: passed %v, kind %s, replayed %v, %q; want a replayed timeout, in the usual words", o.passed, o.kind, run != nil && run.Replayed, o.message)
	}
	if run = readRun(reqs[3].out); run == nil || !run.TimedOut || run.Replayed {
		t.Errorf("the busy loop: %+v; want a timeout at its processor-time limit, not played again", run)
	}
	run = readRun(reqs[4].out)
	if o := judge(reqs[4], run, runnerEnd{}, b); o.kind != results.KindTimeout || run == nil || run.Replayed {
		t.Errorf("the check that timed out waiting on itself: kind %s, %+v; want a timeout, not played again", o.kind, run)
	}
}

// TestNoReplayWhenAlone: checks run one at a time are never played twice.
func TestNoReplayWhenAlone(t *testing.T) {
	req := newTestRequest(t, "hangs")
	job := runnerJob{Bin: testBinary(t), Parallel: 1, Limit: 300 * time.Millisecond, StackGrace: 300 * time.Millisecond,
		Checks: []runnerCheck{{Name: "hangs", Dir: req.dir, Env: fakeEnv(req), Out: req.out}}}
	if err := runJob(context.Background(), job); err != nil {
		t.Fatal(err)
	}
	if run := readRun(req.out); run == nil || !run.TimedOut || run.Replayed {
		t.Errorf("a hang run alone: %+v; want one timed-out run, not replayed", run)
	}
}

// TestStackOverflowNamed: a recursion without end is told as a stack
// overflow, not as a crash of unknown cause.
func TestStackOverflowNamed(t *testing.T) {
	req := newTestRequest(t, "overflows")
	run, err := RunProcess(context.Background(), Process{Argv: []string{testBinary(t), "overflows"}, Dir: req.dir,
		Env: fakeEnv(req), Limit: time.Minute})
	if err != nil {
		t.Fatal(err)
	}
	o := judge(req, &run, runnerEnd{}, Budget{Check: time.Minute})
	if o.kind != results.KindPanic || !strings.HasPrefix(o.message, "the stack overflowed") {
		t.Errorf("kind %s, message %q; want the stack overflow named", o.kind, o.message)
	}
}
