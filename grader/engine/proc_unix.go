//go:build unix

package engine

import (
	"os/exec"
	"syscall"
)

// killGroup kills the program's whole process group. The group is the
// program's pid (newGroup); an empty group is not an error.
func killGroup(cmd *exec.Cmd) {
	syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
}
