package sandbox

import (
	"fmt"
	"os"
	"strconv"
	"syscall"

	"golang.org/x/sys/unix"
)

// statusFD is the descriptor through which the child tells Run that it
// reached the exec (statusReady) or why it could not (an "error: " line).
// It is closed on exec, so the command never holds it.
const statusFD = 3

// statusReady is written just before the exec.
const statusReady = "ready\n"

// Init must be the first call in the main of every program that calls Run
// (and in the TestMain of every test binary that does). In the program
// itself it only records that it was called and returns. In a child that
// Run started under bwrap, marked by its first argument, it sets the
// resource limits and replaces the process with the command: it never
// returns, unless the command is this very program (a grading run's check
// runner is). Then, limits set, it returns with os.Args set to the command,
// and main goes on as the command would have: starting this program a
// second time would cost as much again as the first.
func Init() {
	initCalled.Store(true)
	if len(os.Args) < 2 || os.Args[1] != execMarker {
		return
	}
	argv, err := startCommand(os.Args[2:])
	if err == nil {
		os.Args = argv
		return
	}
	msg := fmt.Sprintf("sandbox: %v\n", err)
	syscall.Write(statusFD, []byte("error: "+msg))
	os.Stderr.WriteString(msg)
	os.Exit(127)
}

// startCommand sets the limits and execs the command; it returns only on
// failure, or with the command's arguments when the command is this program
// and need not be started again. args are LIMITS PATH -- ARGV...
func startCommand(args []string) ([]string, error) {
	if len(args) < 4 || args[2] != "--" {
		return nil, fmt.Errorf("start command: bad arguments %q", args)
	}
	lim, err := parseLimits(args[0])
	if err != nil {
		return nil, fmt.Errorf("start command: %v", err)
	}
	path, argv := args[1], args[3:]
	inherited := inheritedAbove2()
	closeOnExecAbove2() // statusFD included
	if err := lim.applyTo(0); err != nil {
		return nil, err
	}
	if _, err := syscall.Write(statusFD, []byte(statusReady)); err != nil {
		return nil, fmt.Errorf("report ready: %v", err)
	}
	if self, err := os.Executable(); err == nil && self == path {
		// Close what the exec would have closed: the descriptors this
		// program inherited (statusFD among them). Those it opened
		// itself are close-on-exec, and the runtime holds some of them.
		for _, fd := range inherited {
			syscall.Close(fd)
		}
		return argv, nil
	}
	err = syscall.Exec(path, argv, os.Environ())
	return nil, fmt.Errorf("exec %s: %v", path, err)
}

// closeOnExecAbove2 marks every descriptor above 2 close-on-exec. Go closes
// only the descriptors it opened itself, so without this the command would
// inherit whatever the calling program inherited and left open (seen here: a
// pipe of the shell that started the tests).
func closeOnExecAbove2() {
	entries, err := os.ReadDir("/proc/self/fd")
	if err != nil {
		for fd := 3; fd < 1<<16; fd++ {
			syscall.CloseOnExec(fd)
		}
		return
	}
	for _, e := range entries {
		if fd, err := strconv.Atoi(e.Name()); err == nil && fd > 2 {
			syscall.CloseOnExec(fd)
		}
	}
}

// inheritedAbove2 returns the descriptors above 2 that are not
// close-on-exec: those this program inherited, for everything Go opens is
// close-on-exec.
func inheritedAbove2() []int {
	entries, err := os.ReadDir("/proc/self/fd")
	if err != nil {
		return []int{statusFD}
	}
	var fds []int
	for _, e := range entries {
		fd, err := strconv.Atoi(e.Name())
		if err != nil || fd <= 2 {
			continue
		}
		if flags, err := unix.FcntlInt(uintptr(fd), unix.F_GETFD, 0); err == nil && flags&unix.FD_CLOEXEC == 0 {
			fds = append(fds, fd)
		}
	}
	return fds
}
