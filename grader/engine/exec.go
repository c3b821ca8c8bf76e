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
	TimedOut       bool          // stopped by its own time limit, on the clock or of processor time
	Stopped        bool          // stopped from outside: the run's deadline passed, or it was interrupted
	Duration       time.Duration // from start to end
	CPU            time.Duration // processor time used, user and system (of the program, not what it started)
	Replayed       bool          `json:",omitempty"` // run again alone after it timed out beside other checks
	Err            string        `json:",omitempty"` // why the program could not be run at all; empty when it ran
}

// Process says how to run one program.
type Process struct {
	Argv  []string
	Dir   string
	Env   []string      // the whole environment: nothing is inherited
	Limit time.Duration // wall-clock limit
	// CPULimit, if positive, is a limit on the processor time (user and
	// system, of every thread) the program uses: where the system says it
	// (Linux, through /proc/PID/stat, read every cpuPoll), the program is
	// stopped as at its wall-clock limit once it has used that much.
	CPULimit time.Duration
	// StackGrace, if positive, is how long a program that reached its limit,
	// or was stopped, has to print its goroutine stacks (it is sent SIGQUIT,
	// where the system has it) before it is killed.
	StackGrace  time.Duration
	OutputBytes int // kept per stream (default 16 KiB)
}

// cpuPoll is how often RunProcess reads a program's processor time.
const cpuPoll = 50 * time.Millisecond

// maxOutput caps what is kept of a check program's output, per stream.
const maxOutput = 16 << 10

// RunProcess runs p as a child process in a process group of its own (where
// the system has them) and waits until it exits, one of its limits passes or
// ctx is done. Whatever it started is killed before RunProcess returns. It is the
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
	var cpuTick <-chan time.Time
	if _, ok := processCPU(cmd.Process.Pid); ok && p.CPULimit > 0 {
		t := time.NewTicker(cpuPoll)
		defer t.Stop()
		cpuTick = t.C
	}
	var r Run
wait:
	for {
		select {
		case <-ended:
			break wait
		case <-cpuTick:
			if used, ok := processCPU(cmd.Process.Pid); !ok || used < p.CPULimit {
				continue
			}
			r.TimedOut = true
			stop(cmd, ended, p.StackGrace)
			break wait
		case <-timer.C:
			r.TimedOut = true
			stop(cmd, ended, p.StackGrace)
			break wait
		case <-ctx.Done():
			r.Stopped = true
			stop(cmd, ended, p.StackGrace)
			break wait
		}
	}
	killGroup(cmd) // whatever the program left behind
	r.Duration = time.Since(start)
	r.Stdout, r.Stderr = stdout.Bytes(), stderr.Bytes()
	r.ExitCode = cmd.ProcessState.ExitCode()
	r.CPU = cmd.ProcessState.UserTime() + cmd.ProcessState.SystemTime()
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
