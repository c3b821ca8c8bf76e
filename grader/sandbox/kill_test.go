//go:build linux

package sandbox

import (
	"bytes"
	"context"
	"errors"
	"syscall"
	"testing"
	"time"
)

func TestRunLeavesNoProcessBehind(t *testing.T) {
	forEachMode(t, func(t *testing.T, m mode) {
		mark := uniqueMark()
		began := time.Now()
		res := run(t, config(t, m), helper(t), "spawn", mark) // the child holds stdout open
		if res.ExitCode != 0 || !bytes.HasPrefix(res.Stdout, []byte("spawned")) {
			t.Fatalf("the spawner did not run: %+v", res)
		}
		if elapsed := time.Since(began); elapsed > drainGrace {
			t.Errorf("Run took %v: it waited for the child's pipe instead of killing the group", elapsed)
		}
		if pids := processesWith(t, mark); len(pids) > 0 {
			killAll(pids)
			t.Errorf("processes %v outlived their run", pids)
		}
	})
}

func TestRunBwrapKillsEvenANewSession(t *testing.T) {
	skipWithoutBwrap(t) // in the fallback a process that calls setsid leaves the group: documented, not isolated
	mark := uniqueMark()
	res := run(t, config(t, mode{ModeBwrap, false}), helper(t), "spawn-setsid", mark)
	if res.ExitCode != 0 {
		t.Fatalf("the spawner did not run: %+v", res)
	}
	if pids := processesWith(t, mark); len(pids) > 0 {
		killAll(pids)
		t.Errorf("processes %v in a new session outlived their run under bwrap", pids)
	}
}

func TestRunTimeoutKillsTheTree(t *testing.T) {
	forEachMode(t, func(t *testing.T, m mode) {
		mark := uniqueMark()
		cfg := config(t, m)
		cfg.Timeout = time.Second
		began := time.Now()
		res := run(t, cfg, helper(t), "tree", mark) // a child sleeping 300 s, itself sleeping 60 s
		if elapsed := time.Since(began); elapsed > 3*time.Second {
			t.Errorf("Run returned after %v, want about the 1 s timeout", elapsed)
		}
		if !res.TimedOut || res.ExitCode != -1 {
			t.Errorf("TimedOut = %v, ExitCode = %d; want true, -1", res.TimedOut, res.ExitCode)
		}
		if pids := processesWith(t, mark); len(pids) > 0 {
			killAll(pids)
			t.Errorf("processes %v outlived the timeout", pids)
		}
	})
}

func TestRunSleepTimesOut(t *testing.T) {
	forEachMode(t, func(t *testing.T, m mode) {
		cfg := config(t, m)
		cfg.Timeout = time.Second
		res := run(t, cfg, "sleep", "60")
		if !res.TimedOut || res.Duration > 2*time.Second {
			t.Errorf("sleep 60 with a 1 s timeout: TimedOut %v after %v", res.TimedOut, res.Duration)
		}
	})
}

func TestRunContextCanceled(t *testing.T) {
	forEachMode(t, func(t *testing.T, m mode) {
		ctx, cancel := context.WithTimeout(context.Background(), 300*time.Millisecond)
		defer cancel()
		res, err := Run(ctx, config(t, m), []string{"sleep", "60"})
		if !errors.Is(err, context.DeadlineExceeded) {
			t.Errorf("Run error = %v, want one wrapping context.DeadlineExceeded", err)
		}
		if res.Duration > 2*time.Second || res.TimedOut {
			t.Errorf("Duration %v, TimedOut %v; want prompt, false (ctx ended it, not Timeout)", res.Duration, res.TimedOut)
		}
	})
}

// killAll kills pids that a failed test left behind.
func killAll(pids []int) {
	for _, pid := range pids {
		syscall.Kill(pid, syscall.SIGKILL)
	}
}
