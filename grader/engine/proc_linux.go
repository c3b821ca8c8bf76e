package engine

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

// askForStacks sends SIGQUIT to the program's main thread; the Go runtime
// answers by printing every goroutine's stack and exiting. The signal goes
// to that thread, not to the process, because the thread that takes it is
// the one whose running goroutine shows its stack: a goroutine running on
// another thread shows only "stack unavailable". Init functions run on the
// main thread, and a hang in them is what this is for (a check's own timer
// places a hang inside a check).
func askForStacks(cmd *exec.Cmd) bool {
	pid := cmd.Process.Pid
	return syscall.Tgkill(pid, pid, syscall.SIGQUIT) == nil
}
