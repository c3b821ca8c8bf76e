package play

import (
	"context"
	"fmt"
	"runtime"
	"sort"
	"sync"
	"time"

	"harnesslab/lab"
)

// A world is what one scenario of lab 1 hands the code under play: three
// jobs that keep a record of every run, each with the context it was given.
//
//   - lookup answers at once from a table, and ignores its context.
//   - search honours its context: it never finishes on its own, and returns
//     when its context ends, with what the scenario says (ctx.Err(), or part
//     of its results and no error).
//   - fetch ignores its context and hangs until the play lets it go: the
//     hang a harness must walk away from.
//
// A job whose argument is the world's cancelOn value cancels the caller's
// context as it starts: the person at the keyboard pressing Ctrl-C while
// that call runs.
type world struct {
	table    map[string]string
	partial  string
	cancelOn string
	cancel   context.CancelFunc

	mu      sync.Mutex
	runs    []jobRun
	release chan struct{}  // closed to let hung fetches go
	hung    sync.WaitGroup // fetches that have not returned yet
	freed   bool
}

// jobRun is one run of a job, as the world saw it start.
type jobRun struct {
	name, arg string
	ctx       context.Context
	start     time.Time
}

// JobRun is what the play records of one run of a job: which job, its
// argument, the value the caller's context carried (CallerValue) as the job
// saw it, and the job's deadline, as time from when it started (nil when its
// context had none) and whether it came after the caller's own deadline.
type JobRun struct {
	Job         string
	Arg         string
	CallerValue string
	Deadline    *time.Duration
	PastCaller  bool
}

// Word is how a run reads in a list: "lookup(port)".
func (r JobRun) Word() string { return r.Job + "(" + r.Arg + ")" }

// newWorld returns a world with lookup's table and search's partial result.
// Hung fetches stay hung until free is called.
func newWorld(table map[string]string, partial, cancelOn string) *world {
	return &world{table: table, partial: partial, cancelOn: cancelOn, release: make(chan struct{})}
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

// settle waits until at least n jobs have started, or a second has passed.
// A call abandoned at a short limit on a busy machine may have been given up
// before its goroutine started the job; the job still starts, a moment
// later, and the record should include it.
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

// ran returns the runs so far, as the play records them, sorted by job and
// argument (the order jobs start in is not the record's business), with the
// caller's deadline to measure each job's against (zero for none).
func (w *world) ran(callerDeadline time.Time) []JobRun {
	w.mu.Lock()
	runs := append([]jobRun(nil), w.runs...)
	w.mu.Unlock()
	out := []JobRun{}
	for _, r := range runs {
		jr := JobRun{Job: r.name, Arg: r.arg}
		jr.CallerValue, _ = r.ctx.Value(ctxKey{}).(string)
		if d, ok := r.ctx.Deadline(); ok {
			in := d.Sub(r.start)
			jr.Deadline = &in
			jr.PastCaller = !callerDeadline.IsZero() && d.After(callerDeadline)
		}
		out = append(out, jr)
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].Word() < out[j].Word() })
	return out
}

// ctxKey is the key of the value a scenario puts in the caller's context.
type ctxKey struct{}

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

// goroutinesLeft waits up to wait for the program to be back to before
// goroutines, and returns how many more it still has.
func goroutinesLeft(before int, wait time.Duration) int {
	deadline := time.Now().Add(wait)
	for {
		left := runtime.NumGoroutine() - before
		if left <= 0 || time.Now().After(deadline) {
			return max(left, 0)
		}
		time.Sleep(5 * time.Millisecond)
	}
}
