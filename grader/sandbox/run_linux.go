package sandbox

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"runtime"
	"strings"
	"syscall"
	"time"
)

// drainGrace is how long Run waits, after the command's process group is
// killed, for its output pipes to close before it closes them itself (a
// process that left the group in the fallback mode may still hold them).
const drainGrace = 2 * time.Second

// Run runs argv with the limits in cfg, isolated as Mode says (or in the
// fallback mode if cfg.Fallback is set), and waits until it exits, its time
// is up or ctx is done. Whatever the command started is killed before Run
// returns.
//
// The error is for failures of the sandbox itself: Init was not called,
// cfg or argv[0] is wrong, bwrap or the limits failed, or ctx was done
// (then the Result so far comes with it). What the command did (its exit
// status, a crash, a hang, a flood of output) is in the Result, never an
// error. Under bwrap, which reports a command killed by signal N as exit
// status 128+N, a command that exits by itself with a status from 129 to 192
// is reported as killed by a signal (-1), as a shell would see it.
//
// Run is safe for concurrent use.
func Run(ctx context.Context, cfg Config, argv []string) (Result, error) {
	if !initCalled.Load() {
		return Result{}, errors.New("sandbox: run: sandbox.Init was not called first thing in main (or TestMain)")
	}
	if len(argv) == 0 {
		return Result{}, errors.New("sandbox: run: empty command")
	}
	if err := ctx.Err(); err != nil {
		return Result{}, fmt.Errorf("sandbox: run %s: %w", argv[0], err)
	}
	cfg, err := cfg.withDefaults()
	if err != nil {
		return Result{}, err
	}
	env := commandEnv(cfg)
	path, err := lookPath(argv[0], env)
	if err != nil {
		return Result{}, fmt.Errorf("sandbox: find command: %v", err)
	}
	lim := limitsFor(cfg)
	if !cfg.Fallback {
		if m := detectMode(); m.mode == ModeBwrap {
			exe, err := os.Executable()
			if err != nil {
				return Result{}, fmt.Errorf("sandbox: find this program to re-exec: %v", err)
			}
			inner := append([]string{exe, execMarker, lim.String(), path, "--"}, argv...)
			j := job{cfg: cfg, env: env, name: m.bwrap, args: bwrapArgs(m.disableUserns, cfg, exe, inner), bwrap: true, what: argv[0]}
			return j.run(ctx)
		}
	}
	j := job{cfg: cfg, env: env, name: gateShell, args: gateArgs(path, argv), gate: &lim, what: argv[0]}
	return j.run(ctx)
}

// job is one start of the sandbox: the program to start (bwrap, or the
// gate in the fallback) and its arguments.
type job struct {
	cfg   Config
	env   []string
	name  string
	args  []string
	bwrap bool
	gate  *limits // in the fallback: the limits to set on the gate before opening it
	what  string  // the command, for error messages
}

// pipes are the two ends of the child's stdout and stderr pipes and of its
// third descriptor: the status pipe under bwrap, the gate in the fallback.
// The parent reads stdout, stderr and status and writes the gate; the
// child's ends are closed in the parent as soon as the child holds its own
// copies.
type pipes struct {
	stdout, stderr, status *os.File // the parent's read ends
	gate                   *os.File // the parent's write end of the gate, in the fallback
	child                  []*os.File
}

// run starts the job, waits for it under the timeout and collects its
// output and status.
func (j job) run(ctx context.Context) (Result, error) {
	p, err := openPipes(j.gate != nil)
	if err != nil {
		return Result{}, err
	}
	if j.gate != nil {
		closeOnExecAbove2() // the gate passes on every descriptor it inherits
	}
	cmd := &exec.Cmd{
		Path:        j.name,
		Args:        append([]string{j.name}, j.args...),
		Env:         j.env,
		Dir:         j.cfg.Dir,
		Stdout:      p.child[0],
		Stderr:      p.child[1],
		ExtraFiles:  p.child[2:], // fd 3: statusFD under bwrap, the gate in the fallback
		SysProcAttr: &syscall.SysProcAttr{Setpgid: true, Pdeathsig: syscall.SIGKILL},
	}
	began := time.Now()
	started, exited := make(chan error, 1), make(chan struct{})
	go startAndWait(cmd, started, exited)
	err = <-started
	closeAll(p.child)
	if err == nil && j.gate != nil {
		err = openGate(cmd.Process.Pid, *j.gate, p.gate)
		if err != nil {
			killGroup(cmd.Process.Pid)
			<-exited
			cmd.Wait()
		}
	}
	if err != nil {
		closeAll([]*os.File{p.stdout, p.stderr, p.status, p.gate})
		return Result{}, fmt.Errorf("sandbox: start %s: %v", j.what, err)
	}
	out := startCapture(p.stdout, j.cfg.OutputBytes)
	errOut := startCapture(p.stderr, j.cfg.OutputBytes)
	caps := []*stream{out, errOut}
	var status *stream
	if p.status != nil {
		status = startCapture(p.status, 4096)
		caps = append(caps, status)
	}

	pgid := cmd.Process.Pid // Setpgid: the child leads a group of its own
	timer := time.NewTimer(j.cfg.Timeout)
	defer timer.Stop()
	var res Result
	var ctxErr error
	select {
	case <-exited:
	case <-timer.C:
		res.TimedOut = true
		killGroup(pgid)
		<-exited
	case <-ctx.Done():
		ctxErr = ctx.Err()
		killGroup(pgid)
		<-exited
	}
	res.Duration = time.Since(began)
	// Kill whatever the command left behind. The leader has exited but is
	// not reaped yet, so the group id cannot have been reused.
	killGroup(pgid)
	cmd.Wait()
	res.ExitCode = exitCode(cmd.ProcessState, j.bwrap)

	drain(p, caps...)
	res.Stdout, res.Stderr = out.Bytes(), errOut.Bytes()
	res.Truncated = out.Truncated() || errOut.Truncated()
	if err := j.checkStatus(status, res, ctxErr != nil); err != nil {
		return res, err
	}
	if ctxErr != nil {
		return res, fmt.Errorf("sandbox: run %s: %w", j.what, ctxErr)
	}
	return res, nil
}

// openPipes makes the stdout and stderr pipes, and the third one: the
// status pipe, which the child writes, or the gate, which it reads.
func openPipes(gate bool) (pipes, error) {
	var p pipes
	for _, dst := range []**os.File{&p.stdout, &p.stderr, &p.status} {
		r, w, err := os.Pipe()
		if err != nil {
			closeAll(p.child)
			closeAll([]*os.File{p.stdout, p.stderr})
			return pipes{}, fmt.Errorf("sandbox: make pipe: %v", err)
		}
		if dst == &p.status && gate {
			p.gate, p.child = w, append(p.child, r)
			break
		}
		*dst = r
		p.child = append(p.child, w)
	}
	return p, nil
}

// closeAll closes every non-nil file.
func closeAll(files []*os.File) {
	for _, f := range files {
		if f != nil {
			f.Close()
		}
	}
}

// startAndWait starts cmd and waits, without reaping it, until it exits.
// It keeps its OS thread for the whole time: the kernel sends Pdeathsig (and
// bwrap's --die-with-parent) when the thread that forked the child dies, and
// a Go thread can die while its process lives on.
func startAndWait(cmd *exec.Cmd, started chan<- error, exited chan<- struct{}) {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	if err := cmd.Start(); err != nil {
		started <- err
		return
	}
	started <- nil
	waitExited(cmd.Process.Pid)
	close(exited)
}

// drain waits for the output pipes to reach their end, for at most
// drainGrace, then closes them, which ends the reads.
func drain(p pipes, caps ...*stream) {
	deadline := time.NewTimer(drainGrace)
	defer deadline.Stop()
	for _, c := range caps {
		select {
		case <-c.done:
		case <-deadline.C:
			closeAll([]*os.File{p.stdout, p.stderr, p.status})
			<-c.done
		}
	}
	closeAll([]*os.File{p.stdout, p.stderr, p.status})
	for _, c := range caps {
		<-c.done
	}
}

// checkStatus turns what the child reported through statusFD into an error
// when the sandbox failed to start the command: bwrap refused (nothing was
// reported), or the limits or the exec failed (an "error: " line). The gate
// reports nothing: its failures are the parent's own.
func (j job) checkStatus(st *stream, res Result, stopped bool) error {
	if st == nil {
		return nil
	}
	status := string(st.Bytes())
	if i := strings.Index(status, "error: "); i >= 0 {
		return fmt.Errorf("sandbox: start %s: %s", j.what, strings.TrimSpace(strings.TrimPrefix(status[i+len("error: "):], "sandbox: ")))
	}
	if strings.HasPrefix(status, statusReady) || res.TimedOut || stopped {
		return nil // it ran, or it was stopped before it could
	}
	return fmt.Errorf("sandbox: start %s: the sandbox exited with status %d before starting it: %s", j.what, res.ExitCode, firstLine(res.Stderr))
}
