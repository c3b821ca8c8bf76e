package checks

import (
	"fmt"
	"time"

	"harnesslab/grader/checkkit"
	"harnesslab/grader/checks/15/play"
	"harnesslab/lab"
)

// Lab 1: a deadline for every call. The jobs of a world (play/world.go) run
// in real time, so the limits here are short: a few tens of milliseconds
// where the scenario is about a call that never finishes, and a second or
// more where nothing should come near it.

func quickCallSets() []checkkit.Data[[]play.Calls] {
	return []checkkit.Data[[]play.Calls]{
		one("a setting, a missing setting, a wrong-case tool name", play.Calls{
			What: "Calls that finish at once", One: true,
			Table: map[string]string{"port": "8080", "host": "localhost"},
			Calls: []lab.Block{lookupOf("c1", "port"), lookupOf("c2", "timeout"), lab.Call("Lookup", lab.Args{"key": "port"}).WithID("c3")},
			Limit: time.Second,
		}),
		one("other settings, other ids", play.Calls{
			What: "Calls that finish at once", One: true,
			Table: map[string]string{"region": "eu-west-1", "retries": "3"},
			Calls: []lab.Block{lookupOf("k7", "retries"), lookupOf("k2", "region"), lookupOf("k9", "")},
			Limit: 1500 * ms,
		}),
	}
}

func judgeQuickCallAnswers(c *checkkit.C, yours, ref checkkit.Observed) {
	eachCalls(c, yours, ref, func(sc play.Calls, got, want play.CallsRan) {
		for i, call := range sc.Calls {
			c.Equal(fmt.Sprintf("RunCall(%s) with a limit of %v should give the tool's own result, as RunTool does", play.Words(call), sc.Limit),
				want.Results[i], got.Results[i])
		}
		c.Equal(sc.What+": each call of a tool that exists should run exactly once (listed here in alphabetical order)", runWords(want.Runs), runWords(got.Runs))
	})
}

func hangTimesOutSets() []checkkit.Data[[]play.Calls] {
	return []checkkit.Data[[]play.Calls]{
		one("a page that never comes, 40ms", play.Calls{
			What: "A fetch that hangs", One: true, Calls: []lab.Block{fetchOf("c1", "https://status.example.com")}, Limit: 40 * ms,
		}),
		one("another page, another id, 60ms", play.Calls{
			What: "A fetch that hangs", One: true, Calls: []lab.Block{fetchOf("f4", "https://docs.example.org/api")}, Limit: 60 * ms,
		}),
	}
}

func judgeHangTimesOut(c *checkkit.C, yours, ref checkkit.Observed) {
	eachCalls(c, yours, ref, func(sc play.Calls, got, want play.CallsRan) {
		call := sc.Calls[0]
		refMust(c, sc.What, []lab.Message{timedOutOf(call, sc.Limit)}, want.Results)
		c.Equal(fmt.Sprintf("RunCall(%s), whose tool ignores its context and never returns, should give the timed-out result after %v",
			play.Words(call), sc.Limit), want.Results[0], got.Results[0])
		if got.Took < sc.Limit {
			c.Errorf("RunCall(%s) gave up after %v, before its limit of %v: wait until the call's deadline.", play.Words(call), got.Took.Round(ms), sc.Limit)
		}
		c.Equal(sc.What+": the tool should run exactly once", runWords(want.Runs), runWords(got.Runs))
	})
}

func slowToolSets() []checkkit.Data[[]play.Calls] {
	return []checkkit.Data[[]play.Calls]{
		one("a search that returns ctx.Err() when its context ends", play.Calls{
			What: "A search that stops when told to", One: true, Calls: []lab.Block{searchOf("c1", "connection refused")}, Limit: 40 * ms,
		}),
		one("a search that returns part of its results and no error", play.Calls{
			What: "A search that stops when told to", One: true, Partial: "2 of 40 matches so far: 10:02 refused, 10:07 refused",
			Calls: []lab.Block{searchOf("s3", "disk full")}, Limit: 60 * ms,
		}),
	}
}

func judgeSlowToolTimesOut(c *checkkit.C, yours, ref checkkit.Observed) {
	eachCalls(c, yours, ref, func(sc play.Calls, got, want play.CallsRan) {
		call := sc.Calls[0]
		refMust(c, sc.What, []lab.Message{timedOutOf(call, sc.Limit)}, want.Results)
		if got.Results[0].Content != want.Results[0].Content {
			c.Errorf("RunCall(%s): the search stopped because its deadline of %v passed, and returned %q with error %s; the result should say the call timed out. "+
				"When the call's context has ended, the result is the timed-out one, whatever the tool returned.",
				play.Words(call), sc.Limit, sc.Partial, map[bool]string{true: "context.DeadlineExceeded", false: "nil"}[sc.Partial == ""])
		}
		c.Equal(fmt.Sprintf("RunCall(%s) should give the timed-out result", play.Words(call)), want.Results[0], got.Results[0])
		if len(got.Runs) != 1 {
			c.Errorf("%s: the search should run exactly once, it ran %s.", sc.What, checkkit.Times(len(got.Runs)))
			return
		}
		switch d := got.Runs[0].Deadline; {
		case d == nil:
			c.Errorf("%s: the context the search was handed had no deadline: derive the call's context with context.WithTimeout(ctx, limit).", sc.What)
		case *d > sc.Limit:
			c.Errorf("%s: the search's context ended %v after it started; the limit is %v.", sc.What, d.Round(ms), sc.Limit)
		}
	})
}

func callersContextSets() []checkkit.Data[[]play.Calls] {
	return []checkkit.Data[[]play.Calls]{
		one("a lookup, a request id in the caller's context", play.Calls{
			What: "A lookup", One: true, Value: "req-4711", Table: map[string]string{"port": "8080"},
			Calls: []lab.Block{lookupOf("c1", "port")}, Limit: time.Second,
		}),
		one("another lookup, another request id", play.Calls{
			What: "A lookup", One: true, Value: "req-0042", Table: map[string]string{"mode": "strict"},
			Calls: []lab.Block{lookupOf("m1", "mode")}, Limit: 2 * time.Second,
		}),
		// A caller whose own deadline comes before the limit: the call ends
		// with the caller's context.
		fresh("a search under a caller whose own deadline comes first", play.Calls{
			What: "A search under a caller whose own deadline (20ms) comes long before the call's limit (1h0m0s)", One: true,
			CallerDeadline: 20 * ms, Calls: []lab.Block{searchOf("d1", "panic:")}, Limit: time.Hour,
		}),
	}
}

func judgeCallersContextReachesTools(c *checkkit.C, yours, ref checkkit.Observed) {
	eachCalls(c, yours, ref, func(sc play.Calls, got, want play.CallsRan) {
		call := sc.Calls[0]
		if sc.CallerDeadline > 0 {
			refMust(c, sc.What, []lab.Message{{Role: lab.RoleToolResult, ToolCallID: call.ID, ToolName: call.Name, Content: stoppedText, IsError: true}}, want.Results)
			c.Equal(sc.What+": the call ends when the caller's context does, "+
				"and its result is the stopped one (the caller's context ended, not the call's limit)", want.Results[0], got.Results[0])
			return
		}
		if len(got.Runs) != 1 {
			c.Errorf("%s: the tool should run exactly once, it ran %s.", sc.What, checkkit.Times(len(got.Runs)))
			return
		}
		run := got.Runs[0]
		if run.CallerValue != sc.Value {
			c.Errorf("%s: the caller's context carried the request id %q, but the context the tool was handed did not. "+
				"Derive the call's context from the ctx RunCall was given (context.WithTimeout(ctx, limit)), never from context.Background(): "+
				"otherwise the caller can neither cancel the call nor pass anything to it.", sc.What, sc.Value)
		}
		if run.Deadline == nil || run.PastCaller || *run.Deadline > sc.Limit {
			c.Errorf("%s: the tool's context should end at the call's limit of %v from when it started.", sc.What, sc.Limit)
		}
		c.Equal(fmt.Sprintf("RunCall(%s) should give the tool's own result", play.Words(call)), want.Results[0], got.Results[0])
	})
}

func eachCallOwnDeadlineSets() []checkkit.Data[[]play.Calls] {
	return []checkkit.Data[[]play.Calls]{
		one("a slow search, then two lookups", play.Calls{
			What: "Search, lookup, lookup", Table: map[string]string{"port": "8080", "user": "ada"},
			Calls: []lab.Block{searchOf("c1", "timeout"), lookupOf("c2", "port"), lookupOf("c3", "user")}, Limit: 300 * ms,
		}),
		one("a lookup, two slow searches, a lookup", play.Calls{
			What: "Lookup, search, search, lookup", Table: map[string]string{"a": "1", "b": "2"},
			Calls: []lab.Block{lookupOf("x1", "a"), searchOf("x2", "oom"), searchOf("x3", "segfault"), lookupOf("x4", "b")}, Limit: 250 * ms,
		}),
	}
}

func judgeEachCallOwnDeadline(c *checkkit.C, yours, ref checkkit.Observed) {
	eachCalls(c, yours, ref, func(sc play.Calls, got, want play.CallsRan) {
		for i, call := range sc.Calls {
			if i >= len(got.Results) || i >= len(want.Results) || call.Name != "lookup" || got.Results[i].Content == want.Results[i].Content {
				continue
			}
			if slow := i > 0 && sc.Calls[i-1].Name == "search"; slow && got.Results[i].IsError {
				c.Errorf("%s: %s came after a search that used up its %v, and got %s instead of its answer. "+
					"Each call gets a deadline of its own, limit from when it starts: one deadline shared by every call of the reply "+
					"leaves nothing for the calls after a slow one.", sc.What, play.Words(call), sc.Limit, describeResult(got.Results[i], sc.Limit))
				break
			}
		}
		checkkit.SameMessages(c, sc.What+" with a limit of "+sc.Limit.String()+" per call: one result per call, in the order of the calls", want.Results, got.Results, 0)
		c.Equal(sc.What+": each call should run exactly once (listed here in alphabetical order)", runWords(want.Runs), runWords(got.Runs))
	})
}

func cancelMidRunSets() []checkkit.Data[[]play.Calls] {
	return []checkkit.Data[[]play.Calls]{
		one("cancelled during a search that stops when told to", play.Calls{
			What: "Lookup, search (the caller cancels while it runs), lookup", CancelOn: "error", Table: map[string]string{"port": "8080", "user": "ada"},
			Calls: []lab.Block{lookupOf("c1", "port"), searchOf("c2", "error"), lookupOf("c3", "user")}, Limit: time.Second,
		}),
		one("cancelled during a fetch that ignores it", play.Calls{
			What: "Lookup, fetch (hangs; the caller cancels while it runs), search, lookup", CancelOn: "https://ci.example.com/run/7",
			Table: map[string]string{"branch": "main"},
			Calls: []lab.Block{lookupOf("r9", "branch"), fetchOf("r3", "https://ci.example.com/run/7"), searchOf("r5", "flaky"), lookupOf("r1", "branch")},
			Limit: 1500 * ms,
		}),
	}
}

func judgeCancelMidRun(c *checkkit.C, yours, ref checkkit.Observed) {
	eachCalls(c, yours, ref, func(sc play.Calls, got, want play.CallsRan) {
		stop := 0
		for i, call := range sc.Calls {
			if play.ArgOf(call) == sc.CancelOn {
				stop = i
			}
		}
		if stop < len(got.Results) && got.Results[stop].Content == fmt.Sprintf(timedOutText, sc.Limit) {
			c.Errorf("%s: the call running when the caller cancelled got the timed-out result. A deadline that passes and a caller who cancels are "+
				"different stories for the model: tell them apart with the caller's ctx.Err() (context.Canceled) and give the stopped result.", sc.What)
		}
		checkkit.SameMessages(c, sc.What+": every call gets exactly one result, in the order of the calls: the finished ones their answer, "+
			"the one running when the caller cancelled the stopped result, the ones after it the cancelled result", want.Results, got.Results, 0)
		c.Equal(sc.What+": only the calls up to the one running when the caller cancelled should run (listed here in alphabetical order)",
			runWords(want.Runs), runWords(got.Runs))
		if got.Took > sc.Limit {
			c.Errorf("%s took %v: the call running when the caller cancelled should end at once, not at its limit of %v.", sc.What, got.Took.Round(ms), sc.Limit)
		}
		list := append([]lab.Message{lab.User("Why did the deploy fail?"), lab.Reply(sc.Calls...)}, got.Results...)
		if problems := lab.Validate(list); len(problems) > 0 {
			c.Errorf("%s: the conversation with these results would be refused: %s", sc.What, checkkit.List(problems))
		}
	})
}

func cancelledBeforeStartSets() []checkkit.Data[[]play.Calls] {
	return []checkkit.Data[[]play.Calls]{
		one("a lookup, a search and a fetch", play.Calls{
			What: "Lookup, search, fetch, on a run cancelled before RunCallsWithin was called", Cancelled: true, Table: map[string]string{"port": "8080"},
			Calls: []lab.Block{lookupOf("c1", "port"), searchOf("c2", "oops"), fetchOf("c3", "https://example.com")}, Limit: time.Second,
		}),
		one("one lookup, another id", play.Calls{
			What: "One lookup, on a run cancelled before RunCallsWithin was called", Cancelled: true, Table: map[string]string{"user": "ada"},
			Calls: []lab.Block{lookupOf("q7", "user")}, Limit: 2 * time.Second,
		}),
	}
}

func judgeCancelledBeforeStart(c *checkkit.C, yours, ref checkkit.Observed) {
	eachCalls(c, yours, ref, func(sc play.Calls, got, want play.CallsRan) {
		cancelled := make([]lab.Message, len(sc.Calls))
		for i, call := range sc.Calls {
			cancelled[i] = lab.Message{Role: lab.RoleToolResult, ToolCallID: call.ID, ToolName: call.Name, Content: cancelledText, IsError: true}
		}
		refMust(c, sc.What, cancelled, want.Results)
		checkkit.SameMessages(c, sc.What+": every call should get the cancelled result, in the order of the calls", want.Results, got.Results, 0)
		c.Equal(sc.What+": no call should run", runWords(want.Runs), runWords(got.Runs))
	})
}

func noWritesSets() []checkkit.Data[[]play.Calls] {
	return []checkkit.Data[[]play.Calls]{
		one("a fetch that hangs, then a lookup", play.Calls{
			What: "Fetch (hangs), lookup", Free: true, Table: map[string]string{"port": "8080"},
			Calls: []lab.Block{fetchOf("c1", "https://status.example.com"), lookupOf("c2", "port")}, Limit: 250 * ms,
		}),
		one("a lookup between two fetches that hang", play.Calls{
			What: "Fetch (hangs), lookup, fetch (hangs)", Free: true, Table: map[string]string{"mode": "strict"},
			Calls: []lab.Block{fetchOf("h1", "https://a.example.com"), lookupOf("h2", "mode"), fetchOf("h3", "https://b.example.com")}, Limit: 200 * ms,
		}),
	}
}

func judgeNoWritesAfterReturn(c *checkkit.C, yours, ref checkkit.Observed) {
	eachCalls(c, yours, ref, func(sc play.Calls, got, want play.CallsRan) {
		if want.Left > 0 {
			c.KitFatalf("%s: the reference left %s behind", sc.What, checkkit.Plural(want.Left, "goroutine"))
		}
		checkkit.SameMessages(c, sc.What+": one result per call, in the order of the calls, the fetches timed out", want.Results, got.Results, 0)
		checkkit.SameMessages(c, sc.What+": after RunCallsWithin returned, the fetches it had walked away from finished; "+
			"the results it returned must not change then (a goroutine left behind must write nowhere the caller can see)", got.Results, got.After, 0)
		c.Equal(sc.What+": each call should run exactly once (listed here in alphabetical order)", runWords(want.Runs), runWords(got.Runs))
		if got.Left > 0 {
			c.Errorf("%s: a second after every fetch returned, %s your code started %s still waiting. A goroutine "+
				"that sends its result on a channel nobody reads any more waits there forever, and every abandoned call "+
				"leaves one more behind. Give the channel room for its one result (make(chan lab.Message, 1)), so the send "+
				"never waits.", sc.What, checkkit.Plural(got.Left, "goroutine"), map[bool]string{true: "is", false: "are"}[got.Left == 1])
		}
	})
}
