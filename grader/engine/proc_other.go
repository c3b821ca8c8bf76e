//go:build !unix

package engine

import (
	"os/exec"
	"time"
)

// newGroup does nothing where there are no process groups: a check program
// cannot start processes (os/exec is not on any lesson's allow-list).
func newGroup(cmd *exec.Cmd) {}

// askForStacks reports that this system cannot ask a program for its stacks.
func askForStacks(cmd *exec.Cmd) bool { return false }

// killGroup kills the program.
func killGroup(cmd *exec.Cmd) { cmd.Process.Kill() }

// processCPU reports that this system's processor time of a running program
// is not read here: only the wall-clock limit applies while it runs.
func processCPU(pid int) (time.Duration, bool) { return 0, false }
