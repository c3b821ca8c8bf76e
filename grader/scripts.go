package grader

import (
	"fmt"
	"runtime"
	"strings"
	"sync"

	"github.com/rogpeppe/go-internal/testscript"
)

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

// runScripts runs testscript over files with p and returns each script's T by
// script name, once every script has finished.
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
