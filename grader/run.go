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
	"harnesslab/grader/results"
)

// Options tune a check run. The zero value is ready to use.
type Options struct {
	CheckTimeout time.Duration // how long one check may run (default 5s)
	Exec         Exec          // how a check program is run (default DirectExec)
	Parallel     int           // checks run at once (default the number of CPUs)
	WorkDir      string        // where to build and run (default a fresh temporary folder, removed afterwards)
	Toolchain    *Toolchain    // builds without the go command's per-build work (see Kit.PrepareToolchain); nil uses go build
	// Batch, if set, runs all the checks of a copy through one check runner
	// it starts (in a sandbox, say), instead of one Exec per check; each check
	// is still a process of its own. The program must call RunnerInit.
	Batch BatchExec
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
	kind    Kind
	message string
	details []string
	output  string
	took    time.Duration
}

// runChecks runs every check script of the lesson against bin.
func (l *Lesson) runChecks(ctx context.Context, bin string, opts Options) ([]CheckResult, error) {
	var batch *batchRuns
	if opts.Batch != nil {
		batch = &batchRuns{reqs: map[string]*checkRequest{}}
		for _, c := range l.Checks {
			req, err := newCheckRequest(c.Name, opts)
			if err != nil {
				return nil, err
			}
			batch.reqs[c.Name] = req
		}
		runs, err := l.runBatchOnHost(ctx, bin, batch.reqs, opts)
		if err != nil {
			return nil, fmt.Errorf("run the checks: %w", err)
		}
		batch.runs = runs
	}
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
				o := runOne(ctx, bin, ts.Getenv("WORK"), args[0], opts, batch)
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
	checked := make([]CheckResult, 0, len(l.Checks))
	for _, c := range l.Checks {
		script := strings.TrimSuffix(filepath.Base(c.Script), ".txtar")
		r := CheckResult{Name: c.Name, Sentence: c.Sentence, Lab: c.Lab, MaxPoints: c.Points, Hidden: c.Hidden}
		o, ran := found[script]
		t := logs[script]
		switch {
		case t == nil:
			r.Kind, r.Message = results.KindKitError, "the check script did not run"
		case !t.failed && ran && o.passed:
			r.Passed, r.Points = true, c.Points
		case ran:
			r.Kind, r.Message = o.kind, o.message
		default:
			r.Kind, r.Message = results.KindKitError, "the check script failed before it ran the check:\n"+strings.TrimSpace(t.log.String())
		}
		if ran {
			r.Details, r.Output, r.Duration = o.details, o.output, o.took
		}
		checked = append(checked, r)
	}
	return checked, nil
}

// checkRequest is one run of the check program for one check: the secret
// its verdict must carry, and where it writes it.
type checkRequest struct {
	name    string
	nonce   string
	verdict string
	timeout time.Duration // when the host stops the process: the check's own limit, and a grace
}

func newCheckRequest(name string, opts Options) (*checkRequest, error) {
	secret := make([]byte, 16)
	if _, err := rand.Read(secret); err != nil {
		return nil, fmt.Errorf("make a secret for the check: %w", err)
	}
	return &checkRequest{name: name, nonce: hex.EncodeToString(secret), timeout: opts.CheckTimeout + 3*time.Second}, nil
}

// env is the whole environment of the check program, run in dir.
func (r *checkRequest) env(dir string, opts Options) []string {
	return []string{
		"PATH=/usr/bin:/bin", "HOME=" + dir, "TMPDIR=" + dir,
		checkkit.EnvVerdict + "=" + r.verdict,
		checkkit.EnvNonce + "=" + r.nonce,
		checkkit.EnvTimeout + "=" + opts.CheckTimeout.String(),
	}
}

// runOne runs the check program once for check name, in dir, unless a batch
// already ran it, and accepts a pass only from a verdict that carries this
// run's secret.
func runOne(ctx context.Context, bin, dir, name string, opts Options, batch *batchRuns) *outcome {
	if req, run, ok := batch.get(name); ok {
		return judge(req, run, nil, 0, opts)
	}
	req, err := newCheckRequest(name, opts)
	if err != nil {
		return &outcome{kind: "kit", message: err.Error()}
	}
	req.verdict = filepath.Join(dir, "verdict-"+req.nonce[:8]+".json")
	start := time.Now()
	run, err := opts.Exec(ctx, dir, req.env(dir, opts), req.timeout, []string{bin, name})
	return judge(req, run, err, time.Since(start), opts)
}

// judge reads the verdict of one run and words what happened.
func judge(req *checkRequest, run Run, err error, took time.Duration, opts Options) *outcome {
	o := &outcome{took: took, output: studentOutput(run)}
	if err != nil {
		o.kind, o.message = "kit", "run the check program: "+err.Error()
		return o
	}
	v, verr := checkkit.ReadVerdict(req.verdict, req.nonce, req.name)
	os.Remove(req.verdict)
	switch {
	case verr == nil:
		o.passed, o.kind, o.details = v.Passed, Kind(v.Kind), v.Details
		o.message = strings.Join(v.Failures, "\n")
	case run.TimedOut:
		o.kind = results.KindTimeout
		o.message = fmt.Sprintf("timed out: the check was stopped after %s. Is there a loop that never ends?", opts.CheckTimeout)
	default:
		o.kind = results.KindPanic
		o.message = noVerdict(run)
	}
	return o
}

// batchRuns holds what a batch run did, by check name.
type batchRuns struct {
	reqs map[string]*checkRequest
	runs map[string]Run
}

func (b *batchRuns) get(name string) (*checkRequest, Run, bool) {
	if b == nil {
		return nil, Run{}, false
	}
	req := b.reqs[name]
	run, ok := b.runs[name]
	if !ok && req != nil { // the batch was stopped before this check ran
		return req, Run{TimedOut: true, ExitCode: -1}, true
	}
	return req, run, ok
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
