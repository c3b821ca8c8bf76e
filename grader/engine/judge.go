package engine

import (
	"fmt"
	"os"
	"regexp"
	"strings"
	"time"

	"harnesslab/grader/checkkit"
	"harnesslab/grader/results"
	"harnesslab/lab"
)

// outcome is what running one check found.
type outcome struct {
	passed  bool
	kind    results.Kind
	message string
	details []string
	runs    []lab.Transcript // the transcripts the check attached
	output  string
	took    time.Duration
	stopped bool // the run was stopped before this check gave a verdict
	// observed is what a player recorded, waiting for the judge (see decide).
	observed checkkit.Observed
}

// judge decides one check from its verdict and what its process did (nil
// when the runner wrote nothing for it). A verdict that carries this run's
// secret always counts, however the run ended afterwards: a check that
// finished keeps what it earned when the run is stopped.
func judge(req *checkRequest, run *Run, end runnerEnd, b Budget) *outcome {
	o := &outcome{}
	if run != nil {
		o.took, o.output = run.Duration, studentOutput(*run)
	}
	v, verr := checkkit.ReadVerdict(req.verdict, req.nonce, req.name)
	os.Remove(req.verdict)
	switch {
	case verr == nil:
		o.passed, o.kind, o.details = v.Passed, trusted(v.Kind), v.Details
		// Neither the secret nor the instructor's folders leave in a transcript.
		o.runs = checkkit.Scrub(checkkit.Scrub(v.Transcripts, req.nonce), req.dir)
		o.message = strings.Join(v.Failures, "\n")
		if req.scenario != "" {
			fromPlayer(o, v)
		}
	case run == nil && end.failed != "":
		o.kind, o.message = results.KindKitError, "the kit could not run this check (not your fault): "+end.failed
	case run == nil && end.stopped:
		o.stopped = true
		o.kind, o.message = results.KindTimeout, "not run: the run was stopped (its time was up, or it was interrupted) before this check could start"
	case run == nil:
		o.kind, o.message = results.KindKitError, "the kit could not run this check (not your fault): the check runner finished without a word about it"
	case run.Err != "":
		o.kind, o.message = results.KindKitError, "the kit could not run this check (not your fault): run the check program: "+run.Err
	case run.TimedOut:
		o.kind = results.KindTimeout
		// Which limit came first depends on how busy the machine was: name
		// both, so that a grade reads the same on every run.
		o.message = fmt.Sprintf("timed out: the check program was stopped at its limit (%s of processor time, or %s on the clock)%s. "+
			"Is there a loop that never ends, or a wait for something that never comes?", b.ProcessCPU(), b.Process(), place(run.Stderr, ", inside "))
	case run.Stopped:
		o.stopped = true
		o.kind = results.KindTimeout
		o.message = "not finished: the run was stopped (its time was up, or it was interrupted) before this check gave a verdict" +
			place(run.Stderr, "; it was inside ")
	default:
		o.kind, o.message = results.KindPanic, noVerdict(*run)
	}
	return o
}

// initFunc matches the name Go gives a package's init functions in a stack:
// "harness.init.0(".
var initFunc = regexp.MustCompile(`\.init\.\d+\(`)

// place names the student's functions a stack dump shows, innermost first, as
// prefix followed by "Name (file), called from ...", or "" when none shows.
func place(stderr []byte, prefix string) string {
	stack := initFunc.ReplaceAllString(string(stderr), ".init(")
	where := looseFrames(checkkit.StudentFrames(stack))
	if len(where) == 0 {
		return ""
	}
	return prefix + strings.Join(where[:min(len(where), 3)], ", called from ")
}

// noVerdict explains a check program that ended without a verdict, in words
// that are the same on every run (no goroutine numbers, no addresses).
func noVerdict(run Run) string {
	stderr := string(run.Stderr)
	if race := raceWords(stderr); race != "" {
		return race
	}
	at := place(run.Stderr, ", at ")
	if strings.Contains(stderr, "fatal error: stack overflow") {
		return "the stack overflowed" + place(run.Stderr, " in ") + " (a recursion without end?): a function calls itself, directly or through others, with nothing that stops it"
	}
	if strings.Contains(stderr, "fatal error: out of memory") || strings.Contains(stderr, "runtime: out of memory") {
		return "your code used more memory than a check program may have (the program ran out of memory)" + at +
			". Does a slice or map grow without end, or is one huge allocation made from a wrong size?"
	}
	if strings.Contains(stderr, "fatal error: thread exhaustion") {
		return "your code made the program use more threads than it may have (thread exhaustion)" + at +
			". Are goroutines started without end, each stuck waiting?"
	}
	if i := strings.Index(stderr, "fatal error:"); i >= 0 {
		return "your code crashed the program in a way that cannot be recovered (" + firstLines(stderr[i:], 1) + ")" + at
	}
	if i := strings.Index(stderr, "SIGSEGV"); i >= 0 {
		return "your code crashed the program (" + firstLines(stderr[i:], 1) + "); running out of memory can do this" + at
	}
	if i := strings.Index(stderr, "panic:"); i >= 0 {
		return "your code panicked outside the check, in a goroutine of its own or while the program was starting (" + firstLines(stderr[i:], 1) + ")" + at
	}
	return fmt.Sprintf("the check program ended (exit status %d) before it could give a verdict: something in your code ended the program early", run.ExitCode)
}

func firstLines(s string, n int) string {
	lines := strings.SplitN(strings.TrimSpace(s), "\n", n+1)
	if len(lines) > n {
		lines = lines[:n]
	}
	return strings.Join(lines, "\n")
}

// looseFrames drops the line of the innermost frame, which depends on where
// a crash caught the code, and repeats of one frame (a runaway recursion), so
// that the same code is described the same way on every run.
func looseFrames(where []string) []string {
	var out []string
	for i, f := range where {
		if i == 0 {
			if j := strings.LastIndex(f, ":"); j >= 0 {
				f = f[:j] + ")"
			}
		}
		if len(out) == 0 || funcOf(out[len(out)-1]) != funcOf(f) {
			out = append(out, f)
		}
	}
	return out
}

// studentOutput is what the program printed. When it crashed, the crash
// report is cut to its first line, and when it was stopped, its stacks are
// left out: the rest (stacks, addresses, memory figures) changes from run to
// run and says nothing to a student.
func studentOutput(run Run) string {
	out := strings.TrimSpace(string(run.Stdout))
	errText := string(run.Stderr)
	if i := strings.Index(errText, "SIGQUIT: quit"); i >= 0 && (run.TimedOut || run.Stopped) {
		errText = errText[:i] // the stacks were for place, not for the student
	} else if crash := crashLine(errText); crash != "" {
		lines := strings.Split(errText, "\n")
		for i, line := range lines {
			if strings.HasPrefix(line, "runtime: ") || strings.Contains(line, crash) {
				errText = strings.Join(append(lines[:i:i], crash, "(the rest of the crash report is left out)"), "\n")
				break
			}
		}
	}
	if errText = strings.TrimSpace(errText); errText != "" {
		if out != "" {
			out += "\n"
		}
		out += errText
	}
	return out
}

// crashLine returns the line of a Go crash report that says what happened.
func crashLine(stderr string) string {
	for _, mark := range []string{"WARNING: DATA RACE", "fatal error:", "panic:", "SIGSEGV"} {
		if i := strings.Index(stderr, mark); i >= 0 {
			return firstLines(stderr[i:], 1)
		}
	}
	return ""
}

// funcOf returns the function of a frame written as "Name (file:line)".
func funcOf(frame string) string {
	name, _, _ := strings.Cut(frame, " (")
	return name
}

// trusted is the kind a trusted verdict (one with this run's secret, or the
// judge's) gives, where a kind the kit does not know is the kit's error.
func trusted(k results.Kind) results.Kind {
	if !k.Known() {
		return results.KindKitError
	}
	return k
}
