package grader

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"time"

	"github.com/rogpeppe/go-internal/testscript"

	"harnesslab/grader/checkkit"
)

// Options tune a check run. The zero value is ready to use.
type Options struct {
	CheckTimeout time.Duration // how long one check may run (default 5s)
	Exec         Exec          // how a check program is run (default DirectExec)
	Parallel     int           // checks run at once (default the number of CPUs)
	WorkDir      string        // where to build and run (default a fresh temporary folder, removed afterwards)
}

func (o Options) withDefaults() Options {
	if o.CheckTimeout <= 0 {
		o.CheckTimeout = checkkit.DefaultTimeout
	}
	if o.Exec == nil {
		o.Exec = DirectExec
	}
	if o.Parallel <= 0 {
		o.Parallel = runtime.NumCPU()
	}
	return o
}

// outcome is what running one check found.
type outcome struct {
	passed  bool
	kind    string
	message string
	details []string
	output  string
	took    time.Duration
}

// runChecks runs every check script of the lesson against bin.
func (l *Lesson) runChecks(ctx context.Context, bin string, opts Options) ([]CheckResult, error) {
	var mu sync.Mutex
	found := map[string]*outcome{}
	p := testscript.Params{
		Dir:         l.ChecksDir(),
		WorkdirRoot: opts.WorkDir,
		Deadline:    time.Now().Add(time.Duration(len(l.Checks)+1) * (opts.CheckTimeout + 5*time.Second)),
		Cmds: map[string]func(ts *testscript.TestScript, neg bool, args []string){
			"check": func(ts *testscript.TestScript, neg bool, args []string) {
				if neg || len(args) != 1 {
					ts.Fatalf("usage: check NAME")
				}
				o := runOne(ctx, bin, ts.Getenv("WORK"), args[0], opts)
				mu.Lock()
				found[ts.Name()] = o
				mu.Unlock()
				if !o.passed {
					ts.Fatalf("%s", o.message)
				}
			},
		},
	}
	logs, err := runScripts(p, opts.Parallel)
	if err != nil {
		return nil, err
	}
	results := make([]CheckResult, 0, len(l.Checks))
	for _, c := range l.Checks {
		script := strings.TrimSuffix(filepath.Base(c.Script), ".txtar")
		r := CheckResult{Name: c.Name, Sentence: c.Sentence, Lab: c.Lab, MaxPoints: c.Points, Hidden: c.Hidden}
		o, ran := found[script]
		t := logs[script]
		switch {
		case t == nil:
			r.Kind, r.Message = "kit", "the check script did not run"
		case !t.failed && ran && o.passed:
			r.Passed, r.Points = true, c.Points
		case ran:
			r.Kind, r.Message = o.kind, o.message
		default:
			r.Kind, r.Message = "kit", "the check script failed before it ran the check:\n"+strings.TrimSpace(t.log.String())
		}
		if ran {
			r.Details, r.Output, r.Duration = o.details, o.output, o.took
		}
		results = append(results, r)
	}
	return results, nil
}

// runOne runs the check program once for check name, in dir, and accepts a
// pass only from a verdict that carries this run's secret.
func runOne(ctx context.Context, bin, dir, name string, opts Options) *outcome {
	secret := make([]byte, 16)
	if _, err := rand.Read(secret); err != nil {
		return &outcome{kind: "kit", message: "make a secret for the check: " + err.Error()}
	}
	nonce := hex.EncodeToString(secret)
	verdictPath := filepath.Join(dir, "verdict-"+nonce[:8]+".json")
	env := []string{
		"PATH=/usr/bin:/bin", "HOME=" + dir, "TMPDIR=" + dir,
		checkkit.EnvVerdict + "=" + verdictPath,
		checkkit.EnvNonce + "=" + nonce,
		checkkit.EnvTimeout + "=" + opts.CheckTimeout.String(),
	}
	start := time.Now()
	run, err := opts.Exec(ctx, dir, env, opts.CheckTimeout+3*time.Second, []string{bin, name})
	o := &outcome{took: time.Since(start), output: studentOutput(run)}
	if err != nil {
		o.kind, o.message = "kit", "run the check program: "+err.Error()
		return o
	}
	v, verr := checkkit.ReadVerdict(verdictPath, nonce, name)
	os.Remove(verdictPath)
	switch {
	case verr == nil:
		o.passed, o.kind, o.details = v.Passed, v.Kind, v.Details
		o.message = strings.Join(v.Failures, "\n")
	case run.TimedOut:
		o.kind = checkkit.KindTimeout
		o.message = fmt.Sprintf("timed out: the check was stopped after %s. Is there a loop that never ends?", opts.CheckTimeout)
	default:
		o.kind = checkkit.KindPanic
		o.message = noVerdict(run)
	}
	return o
}

// noVerdict explains a check program that ended without a verdict, in words
// that are the same on every run (no goroutine numbers, no addresses).
func noVerdict(run Run) string {
	stderr := string(run.Stderr)
	where := looseFrames(checkkit.StudentFrames(stderr))
	at := ""
	if len(where) > 0 {
		at = ", at " + strings.Join(where[:min(len(where), 3)], ", called from ")
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
// report is cut to its first line: the rest (stacks, addresses, memory
// figures) changes from run to run and says nothing to a student.
func studentOutput(run Run) string {
	out := strings.TrimSpace(string(run.Stdout))
	errText := string(run.Stderr)
	if crash := crashLine(errText); crash != "" {
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
	for _, mark := range []string{"fatal error:", "panic:", "SIGSEGV"} {
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
