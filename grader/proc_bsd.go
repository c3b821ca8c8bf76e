//go:build unix && !linux

package grader

import (
	"os/exec"
	"syscall"
)

// newGroup starts cmd as the leader of a process group of its own.
func newGroup(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
}
