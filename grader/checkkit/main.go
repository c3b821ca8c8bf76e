package checkkit

import (
	"errors"
	"fmt"
	"harnesslab/grader/results"
	"os"
	"regexp"
	"runtime"
	"runtime/debug"
	"sort"
	"strings"
	"time"

	"harnesslab/lab"
)

// DefaultTimeout is how long one check may run when the host says nothing.
const DefaultTimeout = 5 * time.Second

// MaxStack is the largest stack a goroutine of a check program may grow.
const MaxStack = 32 << 20

// Main runs the check named by the first argument and writes its verdict. It
// is the whole of a check program's main.
func Main(checks map[string]Check) {
	// A runaway recursion should end as a stack overflow, well before the
	// sandbox's memory limit (1 GiB by default) could end it some other way.
	debug.SetMaxStack(MaxStack)
	verdictPath, nonce := os.Getenv(EnvVerdict), os.Getenv(EnvNonce)
	os.Unsetenv(EnvVerdict)
	os.Unsetenv(EnvNonce)
	scenario, played, err := readScenario()
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(3)
	}
	timeout := DefaultTimeout
	if d, err := time.ParseDuration(os.Getenv(EnvTimeout)); err == nil && d > 0 {
		timeout = d
	}
	if len(os.Args) != 2 {
		fmt.Fprintf(os.Stderr, "usage: %s CHECK\nchecks: %s\n", os.Args[0], strings.Join(names(checks), ", "))
		os.Exit(2)
	}
	name := os.Args[1]
	check, ok := checks[name]
	if !ok {
		fmt.Fprintf(os.Stderr, "no check called %q; the checks are: %s\n", name, strings.Join(names(checks), ", "))
		os.Exit(2)
	}
	c := &C{scenario: scenario}
	v := c.runCheck(check, timeout)
	if played {
		// A player records; only the judge decides.
		v.Passed = false
		if v.Kind == "" {
			v.Kind, v.Observed = KindObserved, c.observations()
		}
	}
	v.Check, v.Nonce = name, nonce
	v.Transcripts = Scrub(v.Transcripts, nonce)
	if verdictPath == "" {
		fmt.Printf("%s: passed=%v kind=%s\n%s\n", name, v.Passed, v.Kind, strings.Join(v.Failures, "\n"))
		os.Exit(0)
	}
	if err := writeVerdict(verdictPath, v); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(3)
	}
	os.Exit(0) // end any goroutine student code left running
}

func names(checks map[string]Check) []string {
	var out []string
	for n := range checks {
		out = append(out, n)
	}
	sort.Strings(out)
	return out
}

// Run runs one check with a limit on its processor time (and on its wall
// time, memory and goroutines: see WallFactor) and returns its verdict
// (without name or nonce). A panic or a hang in student code becomes a
// failure that says where, and so does a check that ends by runtime.Goexit
// with no failure recorded: only Fatalf may end a check early.
func Run(check Check, timeout time.Duration) *Verdict {
	return (&C{}).runCheck(check, timeout)
}

// runCheck is Run on c, which may hold a scenario to play.
func (c *C) runCheck(check Check, timeout time.Duration) *Verdict {
	done := make(chan *Verdict, 1)
	go func() {
		finished := false
		defer func() {
			if finished {
				return
			}
			r := recover()
			if r == nil { // runtime.Goexit
				done <- c.goexitVerdict(stackFrames(false))
				return
			}
			done <- c.panicVerdict(r, stackFrames(false))
		}()
		check(c)
		finished = true
		done <- c.verdict("")
	}()
	return c.watch(done, timeout)
}

// watch waits for the check's verdict on done while keeping the program
// within its limits (see WallFactor, MaxMemory, MaxGoroutines); the first
// limit passed gives the verdict instead.
func (c *C) watch(done <-chan *Verdict, limit time.Duration) *Verdict {
	start := time.Now()
	base, _ := processCPU() // what the program used before the check: starting up
	tick := time.NewTicker(watchEvery)
	defer tick.Stop()
	var waited time.Duration // time the program spent waiting on itself
	last := start
	for {
		select {
		case v := <-done:
			return v
		case now := <-tick.C:
			if stalled() {
				waited += now.Sub(last)
			}
			last = now
			u := measure(start)
			u.stalled = waited
			if which, words := overLimit(u, base, limit); which != limitNone {
				return c.limitVerdict(which, words)
			}
		}
	}
}

// goexitVerdict words the end of a check goroutine by runtime.Goexit. After
// a recorded failure it is Fatalf's, and the check failed; with no failure,
// something else ended the check before it could see anything wrong, and
// that is a failure too, never a pass.
func (c *C) goexitVerdict(stack string) *Verdict {
	if c.Failed() {
		return c.verdict("")
	}
	msg := "the check stopped before it finished, without a failure: something in your code ended it (runtime.Goexit?)"
	if where := StudentFrames(stack); len(where) > 0 {
		msg += "\n  at " + strings.Join(where, "\n  called from ")
	}
	c.Errorf("%s", msg)
	return c.verdict(results.KindPanic)
}

func (c *C) verdict(kind results.Kind) *Verdict {
	c.mu.Lock()
	defer c.mu.Unlock()
	v := &Verdict{Passed: len(c.failures) == 0, Failures: c.failures, Details: c.details, Transcripts: c.transcriptsLocked()}
	if !v.Passed {
		v.Kind = results.KindFailed
		if kind != "" {
			v.Kind = kind
		}
		if c.kitFailed {
			v.Kind = results.KindKitError
		}
	}
	return v
}

// observations returns what the check recorded with Observe.
func (c *C) observations() Observed {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.observed == nil {
		return Observed{}
	}
	return c.observed
}

// panicVerdict words a panic for a student.
func (c *C) panicVerdict(r any, stack string) *Verdict {
	where := StudentFrames(stack)
	var exhausted *lab.ScriptExhausted
	if err, ok := r.(error); ok && errors.As(err, &exhausted) {
		msg := fmt.Sprintf("your code asked the model for reply number %d, but this scenario scripted only %d. "+
			"Does your code call the model again after it has its answer?", exhausted.Request, exhausted.Replies)
		if len(where) > 0 {
			msg += " (the extra call was made in " + where[0] + ")"
		}
		c.Errorf("%s", msg)
		return c.verdict(results.KindScript)
	}
	text := fmt.Sprint(r)
	if fn, ok := strings.CutSuffix(text, ": not written yet"); ok && !strings.ContainsAny(fn, " \n") {
		at := ""
		if len(where) > 0 {
			if i := strings.LastIndex(where[0], "("); i >= 0 {
				at = " in " + strings.TrimSuffix(where[0][i+1:], ")")
			}
		}
		c.Errorf("%s is not written yet: fill in its gap%s, between // --- your code --- and // --- end ---.", fn, at)
		return c.verdict(results.KindNotWritten)
	}
	msg := "your code panicked: " + text
	if len(where) > 0 {
		msg += "\n  at " + strings.Join(where, "\n  called from ")
	}
	c.Errorf("%s", msg)
	return c.verdict(results.KindPanic)
}

func stackFrames(all bool) string {
	buf := make([]byte, 1<<20)
	return string(buf[:runtime.Stack(buf, all)])
}

// funcLiteral matches the suffix Go gives function literals: ".func2", ".func1.3".
var funcLiteral = regexp.MustCompile(`(\.func\d+)+(\.\d+)*$`)

// StudentFrames returns the frames of a Go stack trace that are in a
// lesson's student package, innermost first, as "ToolCalls (harness.go:42)".
func StudentFrames(stack string) []string {
	var out []string
	lines := strings.Split(stack, "\n")
	for i := 0; i+1 < len(lines); i++ {
		fn, file := strings.TrimPrefix(lines[i], "created by "), lines[i+1]
		if j := strings.Index(fn, " in goroutine "); j >= 0 {
			fn = fn[:j]
		}
		if !strings.HasPrefix(file, "\t") {
			continue
		}
		i++
		if !strings.Contains(file, "/lessons/") && !strings.Contains(file, "/solutions/") {
			continue
		}
		file = strings.TrimSpace(file)
		if j := strings.LastIndex(file, " +0x"); j >= 0 {
			file = file[:j]
		}
		file = file[strings.LastIndex(file, "/")+1:]
		fn = fn[strings.LastIndex(fn, "/")+1:]
		if j := strings.LastIndex(fn, "("); j > 0 && strings.HasSuffix(fn, ")") {
			fn = fn[:j]
		}
		fn = funcLiteral.ReplaceAllString(fn, "")
		fn = fn[strings.LastIndex(fn, ".")+1:]
		out = append(out, fmt.Sprintf("%s (%s)", fn, file))
	}
	return out
}
