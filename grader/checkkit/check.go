package checkkit

import (
	"fmt"
	"runtime"
	"slices"
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
	recorded []recorded // transcripts attached by Attach and Record
	run      string     // the scenario run under way, named for transcripts
	scenario []byte     // the scenario of a played check (see Scenario)
	observed Observed   // what a played check recorded (see Observe)
	// kitFailed marks a failure that is the kit's (see KitFatalf).
	kitFailed bool
}

// Errorf records a failure, written as a sentence for the student, and lets
// the check go on. A failure said already, word for word, is not said again.
func (c *C) Errorf(format string, args ...any) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.failures = appendOnce(c.failures, fmt.Sprintf(format, args...))
}

// Advise records advice that applies to several failures (how to fix a whole
// class of mistake). It counts as a failure, and however many times a check
// gives the same advice, the student reads it once.
func (c *C) Advise(format string, args ...any) {
	c.Errorf(format, args...)
}

// Fatalf records a failure and stops the check.
func (c *C) Fatalf(format string, args ...any) {
	c.Errorf(format, args...)
	runtime.Goexit()
}

// Logf adds a line of context, shown to the student only if the check fails.
// Context logged already, word for word (the same transcript shown by two
// parts of a check), is shown once.
func (c *C) Logf(format string, args ...any) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.details = appendOnce(c.details, fmt.Sprintf(format, args...))
}

// appendOnce appends line to lines unless it is there already.
func appendOnce(lines []string, line string) []string {
	if slices.Contains(lines, line) {
		return lines
	}
	return append(lines, line)
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
