package engine

import (
	"fmt"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"time"

	"github.com/rogpeppe/go-internal/testscript"

	"harnesslab/grader"
	"harnesslab/grader/results"
)

// The check scripts are the lesson's list of checks: each one's header holds
// the sentence, lab, points and visibility of one check, and its body runs
// that check (`check NAME`, the only command it may hold, naming the check
// the file is named after). They carry no scenario: the scenario is Go code
// in the lesson's checks package. The check runner runs every listed check;
// then the engine runs every script, in `labrun check` and `labrun grade`
// alike, and a script passes only when its check's verdict passed.

// reportScripts runs every check script, with a `check` command that reports
// the outcome the runner found, and returns one result per check in order.
func reportScripts(l *grader.Lesson, found map[string]*outcome, opts Options) ([]results.CheckResult, error) {
	var mu sync.Mutex
	reported := map[string]*outcome{} // by script name
	p := testscript.Params{
		Dir:         l.ChecksDir(),
		WorkdirRoot: opts.WorkDir,
		Deadline:    time.Now().Add(ScriptGrace),
		Cmds: map[string]func(ts *testscript.TestScript, neg bool, args []string){
			"check": func(ts *testscript.TestScript, neg bool, args []string) {
				if neg || len(args) != 1 {
					ts.Fatalf("usage: check NAME")
				}
				o, ok := found[args[0]]
				if !ok {
					ts.Fatalf("no check called %s in this lesson", args[0])
				}
				mu.Lock()
				reported[ts.Name()] = o
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
	checked := make([]results.CheckResult, 0, len(l.Checks))
	for _, c := range l.Checks {
		script := strings.TrimSuffix(filepath.Base(c.Script), ".txtar")
		r := c.Result()
		o, ran := reported[script]
		t := logs[script]
		switch {
		case t == nil:
			r.Kind, r.Message = results.KindKitError, "the check script did not run"
		case !t.failed && ran && o.passed:
			r.Passed, r.Points = true, c.Points
		case ran:
			r.Kind, r.Message = o.kind, o.message
		default:
			r.Kind, r.Message = results.KindKitError, "the check script failed before it reported its check:\n"+strings.TrimSpace(t.log.String())
		}
		if o := found[c.Name]; o != nil {
			r.Details, r.Output, r.Duration = o.details, o.output, o.took
			r.Transcripts = o.runs
		}
		checked = append(checked, r)
	}
	return checked, nil
}

// scriptT is the testscript.T the engine runs scripts with: it records each
// script's log and outcome instead of reporting to the testing package, and
// runs up to a fixed number of scripts at once.
type scriptT struct {
	name   string
	log    strings.Builder
	failed bool

	mu       sync.Mutex
	children []*scriptT
	wg       *sync.WaitGroup
	sem      chan struct{}
}

func newScriptT(parallel int) *scriptT {
	return &scriptT{wg: &sync.WaitGroup{}, sem: make(chan struct{}, max(parallel, 1))}
}

func (t *scriptT) Skip(args ...any)  { t.Log(args...); runtime.Goexit() }
func (t *scriptT) Fatal(args ...any) { t.Log(args...); t.FailNow() }
func (t *scriptT) Parallel()         {}
func (t *scriptT) Verbose() bool     { return false }

func (t *scriptT) Log(args ...any) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.log.WriteString(fmt.Sprintln(args...))
}

func (t *scriptT) FailNow() {
	t.mu.Lock()
	t.failed = true
	t.mu.Unlock()
	runtime.Goexit()
}

// Run starts a script in its own goroutine; wait collects them all.
func (t *scriptT) Run(name string, f func(testscript.T)) {
	child := &scriptT{name: name, wg: t.wg, sem: t.sem}
	t.mu.Lock()
	t.children = append(t.children, child)
	t.mu.Unlock()
	t.wg.Add(1)
	go func() {
		defer t.wg.Done()
		t.sem <- struct{}{}
		defer func() { <-t.sem }()
		f(child)
	}()
}

// runScripts runs testscript with p and returns each script's T by script
// name, once every script has finished.
func runScripts(p testscript.Params, parallel int) (map[string]*scriptT, error) {
	root := newScriptT(parallel)
	done := make(chan struct{})
	go func() { // RunT may call Fatal, which ends its goroutine
		defer close(done)
		testscript.RunT(root, p)
	}()
	<-done
	root.wg.Wait()
	if root.failed {
		return nil, fmt.Errorf("run check scripts: %s", strings.TrimSpace(root.log.String()))
	}
	out := map[string]*scriptT{}
	for _, c := range root.children {
		out[c.name] = c
	}
	return out, nil
}
