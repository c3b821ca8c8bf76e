package engine

import (
	"context"
	"fmt"
	"os/exec"
	"time"

	"harnesslab/grader/capture"
)

// Run is what one run of a program did.
type Run struct {
	Stdout, Stderr []byte
	ExitCode       int           // -1 when killed by a signal
	TimedOut       bool          // stopped by its own time limit
	Stopped        bool          // stopped from outside: the run's deadline passed, or it was interrupted
	Duration       time.Duration // from start to end
	Err            string        `json:",omitempty"` // why the program could not be run at all; empty when it ran
}

// Process says how to run one program.
type Process struct {
	Argv  []string
	Dir   string
	Env   []string      // the whole environment: nothing is inherited
	Limit time.Duration // wall-clock limit
	// StackGrace, if positive, is how long a program that reached its limit,
	// or was stopped, has to print its goroutine stacks (it is sent SIGQUIT,
	// where the system has it) before it is killed.
	StackGrace  time.Duration
	OutputBytes int // kept per stream (default 16 KiB)
}

// maxOutput caps what is kept of a check program's output, per stream.
const maxOutput = 16 << 10

// RunProcess runs p as a child process in a process group of its own (where
// the system has them) and waits until it exits, its limit passes or ctx is
// done. Whatever it started is killed before RunProcess returns. It is the
// one way the engine runs a program: the check runner runs every check
// program with it, in this process or inside a sandbox.
//
// The error is for a program that could not be started; what the program did
// is in the Run.
func RunProcess(ctx context.Context, p Process) (Run, error) {
	if len(p.Argv) == 0 {
		return Run{}, fmt.Errorf("run a program: no command given")
	}
	if p.OutputBytes <= 0 {
		p.OutputBytes = maxOutput
	}
	cmd := exec.Command(p.Argv[0], p.Argv[1:]...)
	cmd.Dir, cmd.Env = p.Dir, p.Env
	stdout, stderr := capture.New(p.OutputBytes), capture.New(p.OutputBytes)
	cmd.Stdout, cmd.Stderr = stdout, stderr
	cmd.WaitDelay = DrainGrace
	newGroup(cmd)
	start := time.Now()
	if err := cmd.Start(); err != nil {
		return Run{}, fmt.Errorf("start %s: %w", p.Argv[0], err)
	}
	ended := make(chan struct{})
	go func() { cmd.Wait(); close(ended) }()
	timer := time.NewTimer(p.Limit)
	defer timer.Stop()
	var r Run
	select {
	case <-ended:
	case <-timer.C:
		r.TimedOut = true
		stop(cmd, ended, p.StackGrace)
	case <-ctx.Done():
		r.Stopped = true
		stop(cmd, ended, p.StackGrace)
	}
	killGroup(cmd) // whatever the program left behind
	r.Duration = time.Since(start)
	r.Stdout, r.Stderr = stdout.Bytes(), stderr.Bytes()
	r.ExitCode = cmd.ProcessState.ExitCode()
	return r, nil
}

// stop asks the program for its stacks and gives it grace to print them,
// then kills its group, and waits until it has ended.
func stop(cmd *exec.Cmd, ended <-chan struct{}, grace time.Duration) {
	if grace > 0 && askForStacks(cmd) {
		t := time.NewTimer(grace)
		defer t.Stop()
		select {
		case <-ended:
			return
		case <-t.C:
		}
	}
	killGroup(cmd)
	<-ended
}
