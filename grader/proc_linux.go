package grader

import (
	"os/exec"
	"syscall"
)

// newGroup starts cmd as the leader of a process group of its own, killed
// if the thread that started it dies: a check runner killed by its sandbox
// takes its check programs with it.
func newGroup(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true, Pdeathsig: syscall.SIGKILL}
}
