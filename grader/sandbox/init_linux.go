package sandbox

import (
	"fmt"
	"os"
	"strconv"
	"syscall"
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
// Run started, marked by its first argument, it sets the resource limits and
// replaces the process with the command: it never returns.
func Init() {
	initCalled.Store(true)
	if len(os.Args) < 2 || os.Args[1] != execMarker {
		return
	}
	err := execCommand(os.Args[2:])
	msg := fmt.Sprintf("sandbox: %v\n", err)
	syscall.Write(statusFD, []byte("error: "+msg))
	os.Stderr.WriteString(msg)
	os.Exit(127)
}

// execCommand sets the limits and execs the command; it returns only on
// failure. args are LIMITS PATH -- ARGV...
func execCommand(args []string) error {
	if len(args) < 4 || args[2] != "--" {
		return fmt.Errorf("start command: bad arguments %q", args)
	}
	lim, err := parseLimits(args[0])
	if err != nil {
		return fmt.Errorf("start command: %v", err)
	}
	path, argv := args[1], args[3:]
	closeOnExecAbove2() // statusFD included
	if err := lim.applyTo(0); err != nil {
		return err
	}
	if _, err := syscall.Write(statusFD, []byte(statusReady)); err != nil {
		return fmt.Errorf("report ready: %v", err)
	}
	err = syscall.Exec(path, argv, os.Environ())
	return fmt.Errorf("exec %s: %v", path, err)
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
