package checkkit

import (
	"fmt"
	"runtime"
	"strings"
	"sync"
)

// Check is one behaviour of a lesson, checked against the student's code.
type Check func(c *C)

// C is the state of one running check. A check reports through it: Fatalf
// stops the check, Errorf lets it go on, Logf adds context shown under a
// failure. A check that reports nothing passes.
type C struct {
	mu       sync.Mutex
	failures []string
	details  []string
}

// Errorf records a failure, written as a sentence for the student, and lets
// the check go on.
func (c *C) Errorf(format string, args ...any) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.failures = append(c.failures, fmt.Sprintf(format, args...))
}

// Fatalf records a failure and stops the check.
func (c *C) Fatalf(format string, args ...any) {
	c.Errorf(format, args...)
	runtime.Goexit()
}

// Logf adds a line of context, shown to the student only if the check fails.
func (c *C) Logf(format string, args ...any) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.details = append(c.details, fmt.Sprintf(format, args...))
}

// Failed reports whether the check has failed so far.
func (c *C) Failed() bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	return len(c.failures) > 0
}

// Equal compares want with got. If they differ it records a failure: the
// sentence what, then one line per difference in words, and returns false.
func (c *C) Equal(what string, want, got any, opts ...Option) bool {
	lines := Differences(want, got, opts...)
	if len(lines) == 0 {
		return true
	}
	c.Errorf("%s\n%s", what, strings.Join(lines, "\n"))
	return false
}

// Must stops the check with a failure unless ok.
func (c *C) Must(ok bool, format string, args ...any) {
	if !ok {
		c.Fatalf(format, args...)
	}
}
