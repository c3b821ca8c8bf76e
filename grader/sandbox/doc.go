// Package sandbox runs one untrusted command with limits: a wall-clock
// timeout, a memory limit, capped output, no network, a private
// writable folder, and nothing it starts outliving its run.
//
// Every program that calls Run must call Init first thing in main, and a test
// binary that calls Run needs a TestMain that does the same:
//
//	func main() {
//		sandbox.Init() // never returns when this process is a sandboxed child
//		...
//	}
//
//	func TestMain(m *testing.M) {
//		sandbox.Init()
//		os.Exit(m.Run())
//	}
//
// Then:
//
//	res, err := sandbox.Run(ctx, sandbox.Config{
//		Dir:      work,                 // private, writable, the working directory
//		ReadOnly: []string{prog},       // must be visible inside: the program, not its folder
//		Hidden:   []string{kitRoot},    // must not be
//		Env:      []string{"PATH=/usr/bin:/bin"},
//		Timeout:  10 * time.Second,
//	}, []string{prog, "calls_in_order"})
//	if err != nil {
//		return err // the sandbox itself failed; never what the command did
//	}
//	// res.ExitCode, res.TimedOut, res.Stdout, res.Stderr, res.Truncated
//
// # How it works
//
// Go cannot set resource limits for a child between fork and exec, so the
// limits (RLIMIT_DATA, RLIMIT_AS, RLIMIT_CPU, RLIMIT_FSIZE, RLIMIT_NOFILE,
// RLIMIT_NPROC, and RLIMIT_CORE to 0) are set on a process that waits
// before the command starts. Two modes, chosen once per process by Mode
// (print its warning once when it is not "bwrap"):
//
//   - "bwrap": on Linux with a working bubblewrap (Debian package
//     bubblewrap), the child is started as
//     bwrap [namespaces] -- <this binary> <marker> <limits> -- command.
//     Init sees the marker inside the namespaces, marks every inherited
//     descriptor above 2 close-on-exec, sets the limits with setrlimit and
//     execs the command in its place; when the command is this program
//     itself (a grading run's check runner), Init closes what it inherited
//     and returns to main as the command, instead of starting it again.
//     The command gets new user, PID, network, IPC, UTS, mount and cgroup
//     namespaces, runs as uid 65534 (the caller's own uid outside) with no
//     capabilities and cannot create
//     further user namespaces, sees the whole file system read-only with a
//     fresh /dev, /proc and a private /tmp, and can write only Config.Dir. It
//     dies with its parent, and the PID namespace takes every process it
//     started down with it. It can still read every file the calling user
//     can outside /tmp (list private folders in Config.Hidden: a grading run
//     hides the instructor's home, the submissions, the kit, its caches and
//     the Go toolchain), and a ReadOnly path under /tmp is bound whole, so
//     bind a program's file rather than its folder.
//   - "rlimit": the fallback. The child is a gate, /bin/sh waiting for a
//     word on a pipe; Run sets the limits on it with prlimit(2), and only
//     then sends the word, and the gate execs the command. Run marks its own
//     descriptors above 2 close-on-exec first, so the gate inherits none.
//     Starting a small shell costs about a millisecond, where starting this
//     binary again cost tens (its package inits run first): the compiler and
//     the linker, run on student code for every check, start this way.
//     The same limits, a process group killed as a
//     whole, and nothing else: the command can read and write whatever the
//     calling user can, reach the network, and see and signal other
//     processes; a process that calls setsid leaves the group and can survive.
//
// In both modes no instruction of the command runs before its limits are
// set. Run refuses a file that is neither a compiled program nor a #!
// script, which a shell would otherwise read as a script.
//
// In both modes Run kills the whole process group when the command exits or
// its time is up, and caps the captured output while reading it.
//
// Goals: one small API (Config, Run, Result, Mode, Init), limits that hold
// in both modes, errors only for failures of the sandbox itself.
//
// Non-goals: a general container runtime; seccomp filters; cgroups (so no
// exact memory or process accounting: RLIMIT_DATA bounds private writable
// memory, not resident memory, and RLIMIT_NPROC is not enforced for root,
// so a fork bomb run by root is stopped by the timeout, not by a count);
// Windows or macOS (there Mode reports "unsupported" and Run returns an
// error).
package sandbox
