package checks

import (
	"context"
	"fmt"
	"runtime"
	"time"

	"harnesslab/grader/checkkit"
	"harnesslab/lab"
)

// Lab 1: a deadline for every call. The jobs of a world (world.go) run in
// real time, so the limits here are short: a few tens of milliseconds where
// the scenario is about a call that never finishes, and a second or more
// where nothing should come near it.

const ms = time.Millisecond

// callScenario is one call or one reply's calls, the world they run in, and
// each call's limit.
type callScenario struct {
	what    string
	table   map[string]string
	partial string
	calls   []lab.Block
	limit   time.Duration
}

// runCall runs one call through the student's RunCall in w, with the
// caller's context ctx. It reports false, after saying so, when RunCall was
// still waiting patience after the call's limit. The call and its result are
// attached to c as a transcript (jobs are not tools, so no recorder wraps
// them).
func runCall(c *checkkit.C, w *world, ctx context.Context, call lab.Block, limit time.Duration) (lab.Message, bool) {
	var got lab.Message
	wait := min(limit, time.Second) + patience
	if !returned(wait, func() { got = S.RunCall(ctx, w.jobs(), call, limit) }) {
		c.Errorf("RunCall(%s) had not returned after %v: it is waiting for a tool that stops only when its context ends, or never. "+
			"Wait for the result or for the call's context to end, whichever comes first (select on both), and never for the tool alone.",
			callWords([]lab.Block{call}), wait)
		return lab.Message{}, false
	}
	c.Attach(lab.ConversationTranscript("RunCall: the call and its result", []lab.Message{lab.Reply(call), got}))
	return got, true
}

// runCalls runs a reply's calls through the student's RunCallsWithin, with
// the same guard as runCall (the wait grows with the number of calls), and
// attaches the calls and their results to c as runCall does.
func runCalls(c *checkkit.C, w *world, ctx context.Context, calls []lab.Block, limit time.Duration) ([]lab.Message, bool) {
	var got []lab.Message
	wait := min(time.Duration(len(calls))*limit, 2*time.Second) + patience
	if !returned(wait, func() { got = S.RunCallsWithin(ctx, w.jobs(), calls, limit) }) {
		c.Errorf("RunCallsWithin(%s) with a limit of %v a call had not returned %v later: it is waiting for a tool that ignores its context. "+
			"Each call must end at its own deadline, whether or not its tool stops.", callWords(calls), limit, wait)
		return nil, false
	}
	c.Attach(lab.ConversationTranscript("RunCallsWithin: the calls and their results", append([]lab.Message{lab.Reply(calls...)}, got...)))
	return got, true
}

func quickCallAnswers(c *checkkit.C) {
	checkkit.Scenarios(c, []checkkit.Data[callScenario]{
		{Name: "a setting, a missing setting, a wrong-case tool name", Data: callScenario{
			what:  "Calls that finish at once",
			table: map[string]string{"port": "8080", "host": "localhost"},
			calls: []lab.Block{lookupOf("c1", "port"), lookupOf("c2", "timeout"), lab.Call("Lookup", lab.Args{"key": "port"}).WithID("c3")},
			limit: time.Second,
		}},
		{Name: "other settings, other ids", Data: callScenario{
			what:  "Calls that finish at once",
			table: map[string]string{"region": "eu-west-1", "retries": "3"},
			calls: []lab.Block{lookupOf("k7", "retries"), lookupOf("k2", "region"), lookupOf("k9", "")},
			limit: 1500 * ms,
		}},
	}, func(sc callScenario) {
		w := newWorld(sc.table)
		var ran []lab.Block
		for _, call := range sc.calls {
			got, ok := runCall(c, w, context.Background(), call, sc.limit)
			if !ok {
				return
			}
			c.Equal(fmt.Sprintf("RunCall(%s) with a limit of %v should give the tool's own result, as RunTool does", callWords([]lab.Block{call}), sc.limit),
				w.expectedOf(call), got)
			if call.Name == "lookup" {
				ran = append(ran, call)
			}
		}
		c.Equal(sc.what+": each call of a tool that exists should run exactly once (listed here in alphabetical order)", runWords(ran), w.ranWords())
	})
}

func hangTimesOut(c *checkkit.C) {
	checkkit.Scenarios(c, []checkkit.Data[callScenario]{
		{Name: "a page that never comes, 40ms", Data: callScenario{
			what: "A fetch that hangs", calls: []lab.Block{fetchOf("c1", "https://status.example.com")}, limit: 40 * ms,
		}},
		{Name: "another page, another id, 60ms", Data: callScenario{
			what: "A fetch that hangs", calls: []lab.Block{fetchOf("f4", "https://docs.example.org/api")}, limit: 60 * ms,
		}},
	}, func(sc callScenario) {
		w := newWorld(nil)
		call := sc.calls[0]
		start := time.Now()
		got, ok := runCall(c, w, context.Background(), call, sc.limit)
		took := time.Since(start)
		if !ok {
			return
		}
		c.Equal(fmt.Sprintf("RunCall(%s), whose tool ignores its context and never returns, should give the timed-out result after %v",
			callWords(sc.calls), sc.limit), timedOutOf(call, sc.limit), got)
		if took < sc.limit {
			c.Errorf("RunCall(%s) gave up after %v, before its limit of %v: wait until the call's deadline.", callWords(sc.calls), took.Round(ms), sc.limit)
		}
		w.settle(len(sc.calls))
		c.Equal(sc.what+": the tool should run exactly once", runWords(sc.calls), w.ranWords())
	})
}

func slowToolTimesOut(c *checkkit.C) {
	checkkit.Scenarios(c, []checkkit.Data[callScenario]{
		{Name: "a search that returns ctx.Err() when its context ends", Data: callScenario{
			what: "A search that stops when told to", calls: []lab.Block{searchOf("c1", "connection refused")}, limit: 40 * ms,
		}},
		{Name: "a search that returns part of its results and no error", Data: callScenario{
			what: "A search that stops when told to", partial: "2 of 40 matches so far: 10:02 refused, 10:07 refused",
			calls: []lab.Block{searchOf("s3", "disk full")}, limit: 60 * ms,
		}},
	}, func(sc callScenario) {
		w := newWorld(nil)
		w.partial = sc.partial
		call := sc.calls[0]
		got, ok := runCall(c, w, context.Background(), call, sc.limit)
		if !ok {
			return
		}
		if got.Content != fmt.Sprintf(timedOutText, sc.limit) {
			c.Errorf("RunCall(%s): the search stopped because its deadline of %v passed, and returned %q with error %s; the result should say the call timed out. "+
				"When the call's context has ended, the result is the timed-out one, whatever the tool returned.",
				callWords(sc.calls), sc.limit, sc.partial, map[bool]string{true: "context.DeadlineExceeded", false: "nil"}[sc.partial == ""])
		}
		c.Equal(fmt.Sprintf("RunCall(%s) should give the timed-out result", callWords(sc.calls)), timedOutOf(call, sc.limit), got)
		w.settle(1)
		runs := w.ran()
		if len(runs) != 1 {
			c.Errorf("%s: the search should run exactly once, it ran %s.", sc.what, checkkit.Times(len(runs)))
			return
		}
		deadline, has := runs[0].ctx.Deadline()
		if !has {
			c.Errorf("%s: the context the search was handed had no deadline: derive the call's context with context.WithTimeout(ctx, limit).", sc.what)
		} else if d := deadline.Sub(runs[0].start); d > sc.limit {
			c.Errorf("%s: the search's context ended %v after it started; the limit is %v.", sc.what, d.Round(ms), sc.limit)
		}
	})
}

// ctxKey is the key of the value a check puts in the caller's context.
type ctxKey struct{}

func callersContextReachesTools(c *checkkit.C) {
	type data struct {
		callScenario
		value string
	}
	checkkit.Scenarios(c, []checkkit.Data[data]{
		{Name: "a lookup, a request id in the caller's context", Data: data{value: "req-4711", callScenario: callScenario{
			what: "A lookup", table: map[string]string{"port": "8080"}, calls: []lab.Block{lookupOf("c1", "port")}, limit: time.Second,
		}}},
		{Name: "another lookup, another request id", Data: data{value: "req-0042", callScenario: callScenario{
			what: "A lookup", table: map[string]string{"mode": "strict"}, calls: []lab.Block{lookupOf("m1", "mode")}, limit: 2 * time.Second,
		}}},
	}, func(d data) {
		w := newWorld(d.table)
		ctx, cancel := context.WithTimeout(context.WithValue(context.Background(), ctxKey{}, d.value), time.Hour)
		defer cancel()
		callerDeadline, _ := ctx.Deadline()
		call := d.calls[0]
		got, ok := runCall(c, w, ctx, call, d.limit)
		if !ok {
			return
		}
		runs := w.ran()
		if len(runs) != 1 {
			c.Errorf("%s: the tool should run exactly once, it ran %s.", d.what, checkkit.Times(len(runs)))
			return
		}
		if v, _ := runs[0].ctx.Value(ctxKey{}).(string); v != d.value {
			c.Errorf("%s: the caller's context carried the request id %q, but the context the tool was handed did not. "+
				"Derive the call's context from the ctx RunCall was given (context.WithTimeout(ctx, limit)), never from context.Background(): "+
				"otherwise the caller can neither cancel the call nor pass anything to it.", d.what, d.value)
		}
		if deadline, has := runs[0].ctx.Deadline(); !has || deadline.After(callerDeadline) || deadline.Sub(runs[0].start) > d.limit {
			c.Errorf("%s: the tool's context should end at the call's limit of %v from when it started.", d.what, d.limit)
		}
		c.Equal(fmt.Sprintf("RunCall(%s) should give the tool's own result", callWords(d.calls)), w.expectedOf(call), got)
	})
	if c.Failed() {
		return // a context not derived from the caller's fails the same way below
	}
	// A caller whose own deadline comes before the limit: the call ends
	// with the caller's context.
	w := newWorld(nil)
	ctx, cancel := context.WithTimeout(context.Background(), 20*ms)
	defer cancel()
	call := searchOf("d1", "panic:")
	got, ok := runCall(c, w, ctx, call, time.Hour)
	if !ok {
		return
	}
	c.Equal("A search under a caller whose own deadline (20ms) comes long before the call's limit (1h0m0s): the call ends when the caller's context does, "+
		"and its result is the stopped one (the caller's context ended, not the call's limit)", stoppedOf(call), got)
}

func eachCallOwnDeadline(c *checkkit.C) {
	checkkit.Scenarios(c, []checkkit.Data[callScenario]{
		{Name: "a slow search, then two lookups", Data: callScenario{
			what: "Search, lookup, lookup", table: map[string]string{"port": "8080", "user": "ada"},
			calls: []lab.Block{searchOf("c1", "timeout"), lookupOf("c2", "port"), lookupOf("c3", "user")}, limit: 120 * ms,
		}},
		{Name: "a lookup, two slow searches, a lookup", Data: callScenario{
			what: "Lookup, search, search, lookup", table: map[string]string{"a": "1", "b": "2"},
			calls: []lab.Block{lookupOf("x1", "a"), searchOf("x2", "oom"), searchOf("x3", "segfault"), lookupOf("x4", "b")}, limit: 100 * ms,
		}},
	}, func(sc callScenario) {
		w := newWorld(sc.table)
		got, ok := runCalls(c, w, context.Background(), sc.calls, sc.limit)
		if !ok {
			return
		}
		want := make([]lab.Message, len(sc.calls))
		for i, call := range sc.calls {
			if call.Name == "search" {
				want[i] = timedOutOf(call, sc.limit)
			} else {
				want[i] = w.expectedOf(call)
			}
		}
		for i, call := range sc.calls {
			if i >= len(got) || call.Name != "lookup" || got[i].Content == want[i].Content {
				continue
			}
			if slow := i > 0 && sc.calls[i-1].Name == "search"; slow && got[i].IsError {
				c.Errorf("%s: %s came after a search that used up its %v, and got %s instead of its answer. "+
					"Each call gets a deadline of its own, limit from when it starts: one deadline shared by every call of the reply "+
					"leaves nothing for the calls after a slow one.", sc.what, callWords([]lab.Block{call}), sc.limit, describeResult(got[i], sc.limit))
				break
			}
		}
		checkkit.SameMessages(c, sc.what+" with a limit of "+sc.limit.String()+" per call: one result per call, in the order of the calls", want, got, 0)
		w.settle(len(sc.calls))
		c.Equal(sc.what+": each call should run exactly once (listed here in alphabetical order)", runWords(sc.calls), w.ranWords())
	})
}

func cancelMidRun(c *checkkit.C) {
	type data struct {
		callScenario
		cancelOn string
		stop     int // the index of the call running when the caller cancels
	}
	checkkit.Scenarios(c, []checkkit.Data[data]{
		{Name: "cancelled during a search that stops when told to", Data: data{cancelOn: "error", stop: 1, callScenario: callScenario{
			what: "Lookup, search (the caller cancels while it runs), lookup", table: map[string]string{"port": "8080", "user": "ada"},
			calls: []lab.Block{lookupOf("c1", "port"), searchOf("c2", "error"), lookupOf("c3", "user")}, limit: time.Second,
		}}},
		{Name: "cancelled during a fetch that ignores it", Data: data{cancelOn: "https://ci.example.com/run/7", stop: 1, callScenario: callScenario{
			what: "Lookup, fetch (hangs; the caller cancels while it runs), search, lookup", table: map[string]string{"branch": "main"},
			calls: []lab.Block{lookupOf("r9", "branch"), fetchOf("r3", "https://ci.example.com/run/7"), searchOf("r5", "flaky"), lookupOf("r1", "branch")},
			limit: 1500 * ms,
		}}},
	}, func(d data) {
		w := newWorld(d.table)
		ctx, cancel := context.WithCancel(context.Background())
		defer cancel()
		w.cancelOn, w.cancel = d.cancelOn, cancel
		start := time.Now()
		got, ok := runCalls(c, w, ctx, d.calls, d.limit)
		if !ok {
			return
		}
		want := make([]lab.Message, len(d.calls))
		for i, call := range d.calls {
			switch {
			case i < d.stop:
				want[i] = w.expectedOf(call)
			case i == d.stop:
				want[i] = stoppedOf(call)
			default:
				want[i] = cancelledOf(call)
			}
		}
		if d.stop < len(got) && got[d.stop].Content == fmt.Sprintf(timedOutText, d.limit) {
			c.Errorf("%s: the call running when the caller cancelled got the timed-out result. A deadline that passes and a caller who cancels are "+
				"different stories for the model: tell them apart with the caller's ctx.Err() (context.Canceled) and give the stopped result.", d.what)
		}
		checkkit.SameMessages(c, d.what+": every call gets exactly one result, in the order of the calls: the finished ones their answer, "+
			"the one running when the caller cancelled the stopped result, the ones after it the cancelled result", want, got, 0)
		c.Equal(d.what+": only the calls up to the one running when the caller cancelled should run (listed here in alphabetical order)",
			runWords(d.calls[:d.stop+1]), w.ranWords())
		if took := time.Since(start); took > d.limit {
			c.Errorf("%s took %v: the call running when the caller cancelled should end at once, not at its limit of %v.", d.what, took.Round(ms), d.limit)
		}
		list := append([]lab.Message{lab.User("Why did the deploy fail?"), lab.Reply(d.calls...)}, got...)
		if problems := lab.Validate(list); len(problems) > 0 {
			c.Errorf("%s: the conversation with these results would be refused: %s", d.what, checkkit.List(problems))
		}
	})
}

func cancelledBeforeStart(c *checkkit.C) {
	checkkit.Scenarios(c, []checkkit.Data[callScenario]{
		{Name: "a lookup, a search and a fetch", Data: callScenario{
			what: "Lookup, search, fetch, on a run cancelled before RunCallsWithin was called", table: map[string]string{"port": "8080"},
			calls: []lab.Block{lookupOf("c1", "port"), searchOf("c2", "oops"), fetchOf("c3", "https://example.com")}, limit: time.Second,
		}},
		{Name: "one lookup, another id", Data: callScenario{
			what: "One lookup, on a run cancelled before RunCallsWithin was called", table: map[string]string{"user": "ada"},
			calls: []lab.Block{lookupOf("q7", "user")}, limit: 2 * time.Second,
		}},
	}, func(sc callScenario) {
		w := newWorld(sc.table)
		ctx, cancel := context.WithCancel(context.Background())
		cancel()
		got, ok := runCalls(c, w, ctx, sc.calls, sc.limit)
		if !ok {
			return
		}
		want := make([]lab.Message, len(sc.calls))
		for i, call := range sc.calls {
			want[i] = cancelledOf(call)
		}
		checkkit.SameMessages(c, sc.what+": every call should get the cancelled result, in the order of the calls", want, got, 0)
		c.Equal(sc.what+": no call should run", []string{}, w.ranWords())
	})
}

func noWritesAfterReturn(c *checkkit.C) {
	checkkit.Scenarios(c, []checkkit.Data[callScenario]{
		{Name: "a fetch that hangs, then a lookup", Data: callScenario{
			what: "Fetch (hangs), lookup", table: map[string]string{"port": "8080"},
			calls: []lab.Block{fetchOf("c1", "https://status.example.com"), lookupOf("c2", "port")}, limit: 100 * ms,
		}},
		{Name: "a lookup between two fetches that hang", Data: callScenario{
			what: "Fetch (hangs), lookup, fetch (hangs)", table: map[string]string{"mode": "strict"},
			calls: []lab.Block{fetchOf("h1", "https://a.example.com"), lookupOf("h2", "mode"), fetchOf("h3", "https://b.example.com")}, limit: 80 * ms,
		}},
	}, func(sc callScenario) {
		w := newWorld(sc.table)
		before := runtime.NumGoroutine()
		got, ok := runCalls(c, w, context.Background(), sc.calls, sc.limit)
		if !ok {
			return
		}
		want := make([]lab.Message, len(sc.calls))
		for i, call := range sc.calls {
			if call.Name == "fetch" {
				want[i] = timedOutOf(call, sc.limit)
			} else {
				want[i] = w.expectedOf(call)
			}
		}
		checkkit.SameMessages(c, sc.what+": one result per call, in the order of the calls, the fetches timed out", want, got, 0)
		kept := lab.CloneMessages(got)
		// Let the hung fetches return, give whatever waited for them a moment
		// to act, then look at the results again.
		w.free()
		time.Sleep(20 * ms)
		w.settle(len(sc.calls))
		checkkit.SameMessages(c, sc.what+": after RunCallsWithin returned, the fetches it had walked away from finished; "+
			"the results it returned must not change then (a goroutine left behind must write nowhere the caller can see)", kept, got, 0)
		c.Equal(sc.what+": each call should run exactly once (listed here in alphabetical order)", runWords(sc.calls), w.ranWords())
		if left := goroutinesLeft(before); left > 0 {
			c.Errorf("%s: a second after every fetch returned, %s your code started %s still waiting. A goroutine "+
				"that sends its result on a channel nobody reads any more waits there forever, and every abandoned call "+
				"leaves one more behind. Give the channel room for its one result (make(chan lab.Message, 1)), so the send "+
				"never waits.", sc.what, checkkit.Plural(left, "goroutine"), map[bool]string{true: "is", false: "are"}[left == 1])
		}
	})
}

// goroutinesLeft waits up to a second for the program to be back to before
// goroutines, and returns how many more it still has.
func goroutinesLeft(before int) int {
	deadline := time.Now().Add(time.Second)
	for {
		left := runtime.NumGoroutine() - before
		if left <= 0 || time.Now().After(deadline) {
			return max(left, 0)
		}
		time.Sleep(5 * ms)
	}
}
