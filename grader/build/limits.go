package build

import (
	"fmt"
	"os"
	"strings"
	"time"

	"harnesslab/grader/results"
	"harnesslab/grader/sandbox"
)

// Limits bound each step of building a check program with student code:
// compiling the student's package, compiling the check program's main, and
// linking. A zero field takes its default.
type Limits struct {
	Memory    int64         // private writable memory of one step (default DefaultMemory)
	FileBytes int64         // the largest file one step may write (default DefaultFileBytes)
	Timeout   time.Duration // wall-clock time of one step (default DefaultTimeout)
}

// The default build limits.
const (
	// DefaultMemory is the memory a step may use: the same as a check
	// program's run in the sandbox.
	DefaultMemory = sandbox.DefaultMemoryBytes
	// DefaultFileBytes is the largest file a step may write: a few
	// times the size of a check program built with the race detector.
	DefaultFileBytes = 64 << 20
	// DefaultTimeout is how long one step may take.
	DefaultTimeout = 2 * time.Minute
)

func (b Limits) withDefaults() Limits {
	if b.Memory <= 0 {
		b.Memory = DefaultMemory
	}
	if b.FileBytes <= 0 {
		b.FileBytes = DefaultFileBytes
	}
	if b.Timeout <= 0 {
		b.Timeout = DefaultTimeout
	}
	return b
}

// exceeded words a step that a limit stopped, or returns nil when none did.
// Going over a limit is the student's failure: the kit's own solution builds
// well within them.
func (b Limits) exceeded(s step, res sandbox.Result) *results.Result {
	stderr := string(res.Stderr)
	// A tool held near its memory limit either says so or, seen with the
	// compiler and a type bomb, crashes in its own garbage collector: both
	// are the memory limit.
	memoryLine := outOfMemoryLine(stderr)
	if memoryLine == "" {
		memoryLine = toolCrashLine(stderr)
	}
	var msg string
	switch {
	case res.TimedOut:
		msg = fmt.Sprintf("%s your code took longer than %s, the limit, and was stopped. "+
			"Generic types instantiated inside each other, or very large literals, do this: make them simpler.", s.verb, b.Timeout)
	case memoryLine != "":
		msg = fmt.Sprintf("%s your code used more than %s of memory, the limit, and %s stopped (%s). "+
			"Generic types instantiated inside each other, or very large literals, do this: make them simpler.",
			s.verb, sizeWords(b.Memory), s.toolName(), memoryLine)
	case strings.Contains(stderr, "file too large") || fileAtLeast(s.out, b.FileBytes) || fileAtLeast(s.also, b.FileBytes):
		msg = fmt.Sprintf("%s your code wrote a file larger than %s, the limit. "+
			"A very large array or string written out in your code does this: build big data while the program runs (make, a loop) instead.",
			s.verb, sizeWords(b.FileBytes))
	case res.ExitCode == -1:
		msg = fmt.Sprintf("%s your code was stopped by a signal before it finished: it went over a limit of time (%s), memory (%s) or file size (%s). "+
			"Generic types instantiated inside each other, or very large literals, do this: make them simpler.",
			s.verb, b.Timeout, sizeWords(b.Memory), sizeWords(b.FileBytes))
	default:
		return nil
	}
	return failure(results.StatusNoCompile, upperFirst(msg))
}

// upperFirst returns s with its first letter made upper case.
func upperFirst(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

// outOfMemoryLine is the line of a tool's output that says it ran out of
// memory (the Go runtime's words for the compiler and the linker, the C
// toolchain's for an external link), or "".
func outOfMemoryLine(stderr string) string {
	for _, line := range strings.Split(stderr, "\n") {
		for _, words := range []string{"out of memory", "cannot allocate memory", "memory exhausted"} {
			if strings.Contains(line, words) {
				return strings.TrimSpace(line)
			}
		}
	}
	return ""
}

// toolCrashLine is the line where the Go runtime of the compiler or the
// linker reports a crash of its own ("SIGSEGV: segmentation violation"), or
// "". Seen here: the compiler, held to 256 MiB by a type bomb, crashed in its
// garbage collector rather than saying "out of memory".
func toolCrashLine(stderr string) string {
	if !strings.Contains(stderr, "\ngoroutine ") && !strings.Contains(stderr, "\n  goroutine ") {
		return ""
	}
	for _, line := range strings.Split(stderr, "\n") {
		line = strings.TrimSpace(line)
		if strings.HasPrefix(line, "SIGSEGV:") || strings.HasPrefix(line, "SIGBUS:") || strings.HasPrefix(line, "fatal error: runtime:") {
			return line
		}
	}
	return ""
}

// fileAtLeast reports whether path exists with at least n bytes.
func fileAtLeast(path string, n int64) bool {
	info, err := os.Stat(path)
	return err == nil && info.Size() >= n
}

// sizeWords writes a byte count the way people say it: "1 GiB", "64 MiB".
func sizeWords(n int64) string {
	switch {
	case n >= 1<<30 && n%(1<<30) == 0:
		return fmt.Sprintf("%d GiB", n>>30)
	case n >= 1<<20 && n%(1<<20) == 0:
		return fmt.Sprintf("%d MiB", n>>20)
	case n >= 1<<10 && n%(1<<10) == 0:
		return fmt.Sprintf("%d KiB", n>>10)
	}
	return fmt.Sprintf("%d bytes", n)
}
