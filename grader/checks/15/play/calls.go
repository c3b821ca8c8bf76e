package play

import (
	"context"
	"runtime"
	"strings"
	"time"

	"harnesslab/grader/checkkit"
	"harnesslab/lab"
)

// Calls is one scenario of lab 1's calls: the world (lookup's table, what
// search returns when its context ends, the argument whose job cancels the
// caller), the calls and their limit, and the caller's context.
//
// One hands the calls to RunCall one at a time; otherwise they go to
// RunCallsWithin together. Cancelled cancels the caller before the calls;
// Value puts a request id in the caller's context, which then has a deadline
// an hour away; CallerDeadline gives the caller a deadline of its own, that
// long from the start. Free lets hung fetches finish once the calls have
// returned, then records the results again and the goroutines left.
type Calls struct {
	What           string            `json:"what"`
	Table          map[string]string `json:"table"`
	Partial        string            `json:"partial"`
	CancelOn       string            `json:"cancelOn"`
	Calls          []lab.Block       `json:"calls"`
	Limit          time.Duration     `json:"limit"`
	One            bool              `json:"one"`
	Cancelled      bool              `json:"cancelled"`
	Value          string            `json:"value"`
	CallerDeadline time.Duration     `json:"callerDeadline"`
	Free           bool              `json:"free"`
}

// CallsRan is what the calls of a scenario did: whether the code under play
// returned (false: it was still waiting Wait after it was called, and the
// results are those of the calls before), the results, how long it took in
// real time, the jobs that ran, and for a scenario that frees its fetches,
// the results once they had finished (After) and the goroutines still there
// a second later (Left).
type CallsRan struct {
	Returned bool          `json:"returned"`
	Wait     time.Duration `json:"wait"`
	Results  []lab.Message `json:"results"`
	Took     time.Duration `json:"took"`
	Runs     []JobRun      `json:"runs"`
	After    []lab.Message `json:"after"`
	Left     int           `json:"left"`
}

// Words shows calls as "lookup(port), fetch(https://...)".
func Words(calls ...lab.Block) string {
	var out []string
	for _, c := range calls {
		out = append(out, c.Name+"("+ArgOf(c)+")")
	}
	return strings.Join(out, ", ")
}

// ArgOf is the one argument of a call of the world's jobs.
func ArgOf(call lab.Block) string {
	for _, k := range []string{"key", "query", "url"} {
		if v, ok := call.Arguments[k].(string); ok {
			return v
		}
	}
	return ""
}

// WaitOne is how long the play waits for RunCall with limit; WaitMany how
// long for RunCallsWithin with n calls.
func WaitOne(limit time.Duration) time.Duration { return min(limit, time.Second) + Patience }

// WaitMany is how long the play waits for RunCallsWithin with n calls.
func WaitMany(n int, limit time.Duration) time.Duration {
	return min(time.Duration(n)*limit, 2*time.Second) + Patience
}

// PlayCalls plays sc on a fresh world and records what happened. The calls
// and their results are attached to c as a transcript (jobs are not tools,
// so no recorder wraps them).
func PlayCalls(c *checkkit.C, sc Calls) CallsRan {
	w := newWorld(sc.Table, sc.Partial, sc.CancelOn)
	base := context.Background()
	if sc.Value != "" {
		base = context.WithValue(base, ctxKey{}, sc.Value)
	}
	var ctx context.Context
	var cancel context.CancelFunc
	switch {
	case sc.Value != "":
		ctx, cancel = context.WithTimeout(base, time.Hour)
	case sc.CallerDeadline > 0:
		ctx, cancel = context.WithTimeout(base, sc.CallerDeadline)
	default:
		ctx, cancel = context.WithCancel(base)
	}
	defer cancel()
	callerDeadline, _ := ctx.Deadline()
	w.cancel = cancel
	if sc.Cancelled {
		cancel()
	}
	out := CallsRan{Results: []lab.Message{}}
	before := runtime.NumGoroutine()
	start := time.Now()
	if sc.One {
		out.Returned = true
		for _, call := range sc.Calls {
			var got lab.Message
			out.Wait = WaitOne(sc.Limit)
			if !returned(out.Wait, func() { got = S.RunCall(ctx, w.jobs(), call, sc.Limit) }) {
				out.Returned = false
				break
			}
			c.Attach(lab.ConversationTranscript("RunCall: the call and its result", []lab.Message{lab.Reply(call), got}))
			out.Results = append(out.Results, got)
		}
	} else {
		var got []lab.Message
		out.Wait = WaitMany(len(sc.Calls), sc.Limit)
		out.Returned = returned(out.Wait, func() { got = S.RunCallsWithin(ctx, w.jobs(), sc.Calls, sc.Limit) })
		if out.Returned {
			c.Attach(lab.ConversationTranscript("RunCallsWithin: the calls and their results", append([]lab.Message{lab.Reply(sc.Calls...)}, got...)))
			out.Results = lab.CloneMessages(got)
		}
		if out.Returned && sc.Free {
			// Let the hung fetches return, give whatever waited for them
			// a moment to act, then look at the results again.
			w.free()
			time.Sleep(20 * time.Millisecond)
			w.settle(len(sc.Calls))
			out.After = lab.CloneMessages(got)
			out.Left = goroutinesLeft(before, time.Second)
		}
	}
	out.Took = time.Since(start)
	if out.Returned && !sc.Cancelled {
		w.settle(ranCount(sc))
	}
	out.Runs = w.ran(callerDeadline)
	return out
}

// ranCount is how many jobs a correct run of sc starts at most: every call
// of the world's jobs up to the one that cancels the caller.
func ranCount(sc Calls) int {
	n := 0
	for _, call := range sc.Calls {
		switch call.Name {
		case "lookup", "search", "fetch":
			n++
			if sc.CancelOn != "" && ArgOf(call) == sc.CancelOn {
				return n
			}
		}
	}
	return n
}
