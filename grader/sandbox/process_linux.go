package sandbox

import (
	"os"
	"syscall"
	"unsafe"
)

// Constants for waitid(2) that package syscall does not define.
const (
	pPID    = 1         // P_PID
	wNOWAIT = 0x1000000 // WNOWAIT
)

// waitExited blocks until process pid has exited, without reaping it: while
// it is a zombie its pid, and so its process group id, cannot be reused, so
// killing the group afterwards cannot hit a stranger.
func waitExited(pid int) {
	var info [128]byte // siginfo_t
	for {
		_, _, errno := syscall.Syscall6(syscall.SYS_WAITID, pPID, uintptr(pid),
			uintptr(unsafe.Pointer(&info[0])), syscall.WEXITED|wNOWAIT, 0, 0)
		if errno != syscall.EINTR {
			return // exited, or ECHILD: nothing left to wait for
		}
	}
}

// killGroup sends SIGKILL to every process in process group pgid. A group
// that is already empty is not an error.
func killGroup(pgid int) {
	syscall.Kill(-pgid, syscall.SIGKILL)
}

// exitCode is the command's exit status, -1 if a signal killed it. bwrap
// reports a command killed by signal N as exit status 128+N.
func exitCode(ps *os.ProcessState, viaBwrap bool) int {
	if ps == nil {
		return -1
	}
	ws, ok := ps.Sys().(syscall.WaitStatus)
	if !ok || ws.Signaled() {
		return -1
	}
	code := ws.ExitStatus()
	if viaBwrap && code > 128 && code <= 128+64 {
		return -1
	}
	return code
}
