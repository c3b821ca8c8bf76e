//go:build unix && !linux

package engine

import (
	"os/exec"
	"syscall"
	"time"
)

// newGroup starts cmd as the leader of a process group of its own.
func newGroup(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
}

// askForStacks sends SIGQUIT to the program (the system picks the thread
// that takes it); the Go runtime answers by printing every goroutine's stack
// and exiting.
func askForStacks(cmd *exec.Cmd) bool {
	return cmd.Process.Signal(syscall.SIGQUIT) == nil
}

// processCPU reports that this system's processor time of a running program
// is not read here: only the wall-clock limit applies while it runs.
func processCPU(pid int) (time.Duration, bool) { return 0, false }
