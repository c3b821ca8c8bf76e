package grader

import (
	"bytes"
	"context"
	"fmt"
	"os/exec"
	"syscall"
	"time"
)

// Run is one run of a check program, as an Exec reports it.
type Run struct {
	Stdout, Stderr []byte
	ExitCode       int  // -1 when killed by a signal
	TimedOut       bool // stopped by the time limit
}

// Exec runs argv in dir with exactly env and a time limit. The engine calls
// it once per check. The default runs the program directly in its own process
// group; the grade subcommand plugs in a sandbox.
type Exec func(ctx context.Context, dir string, env []string, timeout time.Duration, argv []string) (Run, error)

// maxOutput caps what is kept of a check program's output, per stream.
const maxOutput = 16 << 10

// DirectExec runs the check program as a plain child process in its own
// process group, and kills the whole group when it ends or times out.
func DirectExec(ctx context.Context, dir string, env []string, timeout time.Duration, argv []string) (Run, error) {
	ctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, argv[0], argv[1:]...)
	cmd.Dir, cmd.Env = dir, env
	stdout, stderr := &capped{max: maxOutput}, &capped{max: maxOutput}
	cmd.Stdout, cmd.Stderr = stdout, stderr
	setProcessGroup(cmd)
	cmd.Cancel = func() error { return killGroup(cmd) }
	cmd.WaitDelay = time.Second
	err := cmd.Run()
	killGroup(cmd)
	r := Run{Stdout: stdout.Bytes(), Stderr: stderr.Bytes(), TimedOut: ctx.Err() == context.DeadlineExceeded}
	if cmd.ProcessState != nil {
		r.ExitCode = cmd.ProcessState.ExitCode()
	}
	if err != nil && cmd.ProcessState == nil && !r.TimedOut {
		return r, err
	}
	return r, nil
}

func setProcessGroup(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
}

func killGroup(cmd *exec.Cmd) error {
	if cmd.Process == nil {
		return nil
	}
	return syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
}

// capped keeps the first max bytes written to it and notes the rest.
type capped struct {
	buf     bytes.Buffer
	max     int
	dropped int
}

func (c *capped) Write(p []byte) (int, error) {
	room := c.max - c.buf.Len()
	if room > 0 {
		c.buf.Write(p[:min(room, len(p))])
	}
	if len(p) > room {
		c.dropped += len(p) - max(room, 0)
	}
	return len(p), nil
}

// Bytes returns what was kept, with a marker if anything was cut.
func (c *capped) Bytes() []byte {
	if c.dropped == 0 {
		return c.buf.Bytes()
	}
	return append(c.buf.Bytes(), []byte(fmt.Sprintf("\n[... output cut: %d more bytes ...]\n", c.dropped))...)
}
