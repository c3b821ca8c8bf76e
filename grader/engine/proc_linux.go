package engine

import (
	"bytes"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"syscall"
	"time"
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

// userHZ is the unit of the times in /proc/PID/stat: a hundredth of a
// second on every Linux architecture Go runs on.
const userHZ = 100

// processCPU reads the processor time, user and system, that every thread of
// process pid has used, from /proc/PID/stat. Waited-for children are not
// counted: a check program starts none.
func processCPU(pid int) (time.Duration, bool) {
	data, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		return 0, false
	}
	i := bytes.LastIndexByte(data, ')') // the command name may hold spaces
	if i < 0 {
		return 0, false
	}
	fields := strings.Fields(string(data[i+1:]))
	if len(fields) < 13 {
		return 0, false
	}
	// fields[0] is the third field of the line (state); utime and stime are
	// the 14th and 15th.
	utime, err1 := strconv.ParseInt(fields[11], 10, 64)
	stime, err2 := strconv.ParseInt(fields[12], 10, 64)
	if err1 != nil || err2 != nil {
		return 0, false
	}
	return time.Duration(utime+stime) * time.Second / userHZ, true
}
