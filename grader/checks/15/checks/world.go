package checks

import (
	"context"
	"fmt"
	"sort"
	"strings"
	"sync"
	"time"

	"harnesslab/lab"
)

// A world is what one run of a lab 1 scenario hands the student's code: three
// jobs that keep a record of every run, each with the context it was given.
//
//   - lookup answers at once from a table, and ignores its context.
//   - search honours its context: it never finishes on its own, and returns
//     when its context ends, with what the scenario says (ctx.Err(), or part
//     of its results and no error).
//   - fetch ignores its context and hangs until the check lets it go: the
//     hang a harness must walk away from.
//
// A job whose argument is the world's cancelOn value cancels the caller's
// context as it starts: the person at the keyboard pressing Ctrl-C while
// that call runs.
type world struct {
	table    map[string]string // lookup's answers, by key
	partial  string            // what search returns when its context ends; "" returns ctx.Err()
	cancelOn string            // the key, query or url whose job cancels the caller
	cancel   context.CancelFunc

	mu      sync.Mutex
	runs    []jobRun
	release chan struct{}  // closed to let hung fetches go
	hung    sync.WaitGroup // fetches that have not returned yet
	freed   bool
}

// jobRun is one run of a job: its name, its argument and the context it was
// handed.
type jobRun struct {
	name, arg string
	ctx       context.Context
	start     time.Time
}

// newWorld returns a world with lookup's table. Hung fetches stay hung
// until free is called: a check that is not about what happens when they
// finish never frees them, so nothing they set off can land while the check
// program is ending.
func newWorld(table map[string]string) *world {
	return &world{table: table, release: make(chan struct{})}
}

// record notes a run, and cancels the caller when arg is cancelOn.
func (w *world) record(name, arg string, ctx context.Context) {
	w.mu.Lock()
	w.runs = append(w.runs, jobRun{name: name, arg: arg, ctx: ctx, start: time.Now()})
	cancel := w.cancel
	hit := w.cancelOn != "" && arg == w.cancelOn
	w.mu.Unlock()
	if hit && cancel != nil {
		cancel()
	}
}

// free lets every hung fetch go and waits until they have returned.
func (w *world) free() {
	w.mu.Lock()
	if !w.freed {
		w.freed = true
		close(w.release)
	}
	w.mu.Unlock()
	w.hung.Wait()
}

// ran returns the runs so far, in the order they started.
func (w *world) ran() []jobRun {
	w.mu.Lock()
	defer w.mu.Unlock()
	return append([]jobRun(nil), w.runs...)
}

// settle waits until at least n jobs have started, or a second has passed.
// A call abandoned at a short limit on a busy machine may have been given up
// before its goroutine started the job; the job still starts, a moment
// later, and the count should include it.
func (w *world) settle(n int) {
	for end := time.Now().Add(time.Second); time.Now().Before(end); time.Sleep(time.Millisecond) {
		w.mu.Lock()
		k := len(w.runs)
		w.mu.Unlock()
		if k >= n {
			return
		}
	}
}

// ranWords lists the runs as "lookup(port)", sorted.
func (w *world) ranWords() []string {
	out := []string{}
	for _, r := range w.ran() {
		out = append(out, r.name+"("+r.arg+")")
	}
	sort.Strings(out)
	return out
}

// object is the schema of an object with one required string property.
func object(prop, about string) lab.Schema {
	return lab.Schema{
		"type":                 "object",
		"properties":           lab.Schema{prop: lab.Schema{"type": "string", "description": about}},
		"required":             []string{prop},
		"additionalProperties": false,
	}
}

// jobs returns the world's three jobs.
func (w *world) jobs() []Job {
	return []Job{
		{
			Name: "lookup", Description: "Look up a setting by its key.", Parameters: object("key", "The setting's key."),
			Execute: func(ctx context.Context, args lab.Args) (string, error) {
				key, _ := args["key"].(string)
				w.record("lookup", key, ctx)
				if v, ok := w.table[key]; ok {
					return key + " = " + v, nil
				}
				return "", fmt.Errorf("no setting called %s", key)
			},
		},
		{
			Name: "search", Description: "Search the logs for a phrase.", Parameters: object("query", "The phrase to find."),
			Execute: func(ctx context.Context, args lab.Args) (string, error) {
				query, _ := args["query"].(string)
				w.record("search", query, ctx)
				<-ctx.Done()
				if w.partial != "" {
					return w.partial, nil
				}
				return "", ctx.Err()
			},
		},
		{
			Name: "fetch", Description: "Fetch a web page.", Parameters: object("url", "The page's address."),
			Execute: func(ctx context.Context, args lab.Args) (string, error) {
				url, _ := args["url"].(string)
				w.hung.Add(1)
				defer w.hung.Done()
				w.record("fetch", url, ctx)
				<-w.release
				return "the page at " + url + ", far too late", nil
			},
		},
	}
}

// specs are what a request says about the world's jobs, built by the kit.
func (w *world) specs() []lab.Spec {
	var out []lab.Spec
	for _, j := range w.jobs() {
		out = append(out, lab.Spec{Name: j.Name, Description: j.Description, Parameters: j.Parameters})
	}
	return out
}

// Calls of the world's jobs, with the id the scenario gives them.
func lookupOf(id, key string) lab.Block { return lab.Call("lookup", lab.Args{"key": key}).WithID(id) }
func searchOf(id, query string) lab.Block {
	return lab.Call("search", lab.Args{"query": query}).WithID(id)
}
func fetchOf(id, url string) lab.Block { return lab.Call("fetch", lab.Args{"url": url}).WithID(id) }

// expectedOf is the result the kit expects for call in world w, when it runs
// to the end in time.
func (w *world) expectedOf(call lab.Block) lab.Message {
	key, _ := call.Arguments["key"].(string)
	switch {
	case call.Name != "lookup" && call.Name != "search" && call.Name != "fetch":
		return errorResult(call, "Error: no tool called "+call.Name)
	case call.Name != "lookup":
		panic("checks: expectedOf is for calls that finish: " + call.Name)
	}
	if v, ok := w.table[key]; ok {
		return okResult(call, key+" = "+v)
	}
	return errorResult(call, "Error: no setting called "+key)
}

// okResult and errorResult are the results of call with content.
func okResult(call lab.Block, content string) lab.Message {
	return lab.Message{Role: lab.RoleToolResult, ToolCallID: call.ID, ToolName: call.Name, Content: content}
}

func errorResult(call lab.Block, content string) lab.Message {
	m := okResult(call, content)
	m.IsError = true
	return m
}

// timedOutOf, stoppedOf and cancelledOf are the results the kit expects for
// a call abandoned at its limit, stopped while running, and never started.
func timedOutOf(call lab.Block, limit time.Duration) lab.Message {
	return errorResult(call, fmt.Sprintf(timedOutText, limit))
}

func stoppedOf(call lab.Block) lab.Message   { return errorResult(call, stoppedText) }
func cancelledOf(call lab.Block) lab.Message { return errorResult(call, cancelledText) }

// callWords shows calls as "lookup(port), fetch(https://...)".
func callWords(calls []lab.Block) string {
	var out []string
	for _, c := range calls {
		out = append(out, c.Name+"("+argOf(c)+")")
	}
	return strings.Join(out, ", ")
}

// argOf is the one argument of a call of the world's jobs.
func argOf(call lab.Block) string {
	for _, k := range []string{"key", "query", "url"} {
		if v, ok := call.Arguments[k].(string); ok {
			return v
		}
	}
	return ""
}

// runWords lists calls as the world records their runs, sorted.
func runWords(calls []lab.Block) []string {
	out := []string{}
	for _, c := range calls {
		out = append(out, c.Name+"("+argOf(c)+")")
	}
	sort.Strings(out)
	return out
}

// returned runs f on a goroutine of its own and waits until it returns or
// wait has passed, in real time. It reports whether f returned; when it did
// not, f goes on running and its results must not be read.
func returned(wait time.Duration, f func()) bool {
	done := make(chan struct{})
	go func() {
		defer close(done)
		f()
	}()
	select {
	case <-done:
		return true
	case <-time.After(wait):
		return false
	}
}

// patience is how long, in real time, a check waits past a call's limit
// before it says the student's code is still waiting for a hung tool.
const patience = 2 * time.Second

// describeResult says what a result is, for a beginner: the timed-out,
// stopped or cancelled result, or the tool's own words.
func describeResult(m lab.Message, limit time.Duration) string {
	switch m.Content {
	case fmt.Sprintf(timedOutText, limit):
		return "the timed-out result"
	case stoppedText:
		return "the stopped result (cancelled while running)"
	case cancelledText:
		return "the cancelled result (never ran)"
	}
	return fmt.Sprintf("%q", m.Content)
}
