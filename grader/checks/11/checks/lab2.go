package checks

import (
	"slices"
	"sort"
	"strings"
	"time"

	"harnesslab/grader/checkkit"
	"harnesslab/grader/checks/11/play"
	"harnesslab/lab"
)

// Lab 2: run them at once, answer in order. RunCalls runs one reply's calls
// on a Timeline, where each call takes the time the scenario scripts.

// scenario is one reply's calls to run, with the files and the delays, as
// the data of a check is written.
type scenario struct {
	what   string
	files  map[string]string
	delays map[string]time.Duration // by "tool path" ("read a.txt"); play.DefaultDelay when missing
	calls  []lab.Block
}

// toRun makes sc the reply the player is handed, with the Timeline's rounds
// of a correct run: every batch, up to and including the one that holds a
// halt (the run stops there); none when the run is stopped from the start.
func toRun(sc scenario, cancelled bool) play.Run {
	r := play.Run{What: sc.what, Files: sc.files, Delays: sc.delays, Calls: sc.calls, Cancelled: cancelled}
	if !cancelled {
		r.Rounds = roundsOf(sc.calls)
	}
	return r
}

// roundsOf is how many calls each batch of a correct run starts together on
// the Timeline, up to the batch that halts the run. Calls to tools the world
// does not have never reach the Timeline, and a batch of them is no round.
func roundsOf(calls []lab.Block) []int {
	rounds := []int{}
	for _, batch := range kitBatches(play.Classes(), calls) {
		n, halts := 0, false
		for _, i := range batch {
			if _, ok := play.Classes()[calls[i].Name]; ok {
				n++
			}
			halts = halts || calls[i].Name == "halt"
		}
		if n > 0 {
			rounds = append(rounds, n)
		}
		if halts {
			break
		}
	}
	return rounds
}

// runSets turns data sets of scenarios into what the player is handed.
func runSets(sets []checkkit.Data[[]scenario], cancelled bool) []checkkit.Data[[]play.Run] {
	out := make([]checkkit.Data[[]play.Run], len(sets))
	for k, set := range sets {
		out[k].Name = set.Name
		for _, sc := range set.Data {
			out[k].Data = append(out[k].Data, toRun(sc, cancelled))
		}
	}
	return out
}

// eachRun judges every reply of every data set, with the student's play of
// it and the reference's, and stops at the first reply that fails.
func eachRun(c *checkkit.C, yours, ref checkkit.Observed, judge func(r play.Run, got, want play.Ran)) {
	checkkit.EachScenario(c, checkkit.Scenario[[]checkkit.Data[[]play.Run]](c), func(k int, runs []play.Run) {
		for i, r := range runs {
			got := checkkit.Get[play.Ran](c, yours, play.Key(k, i))
			want := checkkit.Get[play.Ran](c, ref, play.Key(k, i))
			writesAlone(c, r, want, true)
			if judge(r, got, want); c.Failed() {
				// Only the reply that failed is shown, beside a correct run.
				c.Logf("%s: the calls were %s", r.What, showCalls(r.Calls))
				c.Logf("%s, on the clock, in your run:%s", r.What, showSpans(got.Spans))
				c.Logf("%s, on the clock, in a correct run:%s", r.What, showSpans(want.Spans))
				return
			}
		}
	})
}

// compareResults compares the whole list of results with want. Results that
// are all there but in another order are said to be so first: that is the
// mistake of appending results in the order they finish.
func compareResults(c *checkkit.C, what string, want, got []lab.Message) {
	if ids(got) != ids(want) && sameIDs(ids(got), ids(want)) {
		c.Errorf("%s: the results came back in the order %s, but the calls were %s. "+
			"Put each result in the place of its call, whatever order the calls finish in.", what, ids(got), ids(want))
		return
	}
	checkkit.SameMessages(c, what+": RunCalls should return one result per call, in the order of the calls, each quoting its call's id",
		want, got, 0)
}

// ids lists the call ids that results quote, in order: "c2, c1".
func ids(results []lab.Message) string {
	var out []string
	for _, r := range results {
		out = append(out, r.ToolCallID)
	}
	return strings.Join(out, ", ")
}

// sameIDs reports whether two lists of ids hold the same ids, in any order.
func sameIDs(a, b string) bool {
	x, y := strings.Split(a, ", "), strings.Split(b, ", ")
	sort.Strings(x)
	sort.Strings(y)
	return strings.Join(x, ",") == strings.Join(y, ",")
}

// writesAlone fails c for every write that ran at the same time as another
// call. On the reference's play (ofReference) it is the kit's failure.
func writesAlone(c *checkkit.C, r play.Run, ran play.Ran, ofReference bool) {
	for _, s := range ran.Spans {
		if s.Tool != "write" || len(s.Overlap) == 0 {
			continue
		}
		var others []string
		for _, o := range s.Overlap {
			if o >= 0 && o < len(ran.Spans) {
				others = append(others, ran.Spans[o].Tool+"("+argWords(ran.Spans[o].Args)+")")
			}
		}
		if ofReference {
			c.KitFatalf("in %s the reference ran write(%s) at the same time as %s", r.What, argWords(s.Args), checkkit.List(others))
		}
		c.Errorf("%s: write(%s) ran at the same time as %s. A call that changes something runs alone: "+
			"everything before it has finished when it starts, and nothing after it starts until it has finished.",
			r.What, argWords(s.Args), checkkit.List(others))
	}
}

// onTime fails c when the student's run took longer on the clock than the
// reference's.
func onTime(c *checkkit.C, r play.Run, got, want play.Ran, advice string) {
	if got.Wall <= want.Wall+ms {
		return
	}
	var sum time.Duration
	for _, b := range r.Calls {
		sum += r.DelayOf(b.Name, b.Arguments)
	}
	c.Errorf("%s took %v on the clock, but should take %v, the slowest call of each batch added up (one call after another they take %v). %s",
		r.What, got.Wall, want.Wall, sum, advice)
}

// opening is the lesson's opening story: two reads in one reply; the second
// finishes first, and the first fails because its file does not exist.
func opening(missing, there, text string) scenario {
	return scenario{
		what:   "Two reads; the second finishes first and the first fails",
		files:  map[string]string{there: text},
		delays: map[string]time.Duration{"read " + missing: 30 * ms, "read " + there: 10 * ms},
		calls:  []lab.Block{readOf("c1", missing), readOf("c2", there)},
	}
}

func callOrderRuns() any {
	return runSets([]checkkit.Data[[]scenario]{
		{Name: "the lesson's two reads, then three reads finishing last to first", Data: []scenario{
			opening("auth/tokens.txt", "auth/session.txt", "expires_at = now + 10m\n"),
			{what: "Three reads that finish last to first", files: map[string]string{"a.txt": "A\n", "b.txt": "B\n", "c.txt": "C\n"},
				delays: map[string]time.Duration{"read a.txt": 40 * ms, "read b.txt": 20 * ms, "read c.txt": 10 * ms},
				calls:  []lab.Block{readOf("c1", "a.txt"), readOf("c2", "b.txt"), readOf("c3", "c.txt")}},
		}},
		{Name: "other files, other ids, the failing read in the middle", Data: []scenario{
			opening("cfg/prod.env", "cfg/dev.env", "PORT=7070\n"),
			{what: "Four reads, the one that fails in the middle", files: map[string]string{"x.txt": "x\n", "z.txt": "z\n", "w.txt": "w\n"},
				delays: map[string]time.Duration{"read x.txt": 25 * ms, "read y.txt": 5 * ms, "read z.txt": 15 * ms, "read w.txt": 1 * ms},
				calls:  []lab.Block{readOf("r4", "x.txt"), readOf("r3", "y.txt"), readOf("r2", "z.txt"), readOf("r1", "w.txt")}},
		}},
	}, false)
}

func judgeResultsInCallOrder(c *checkkit.C, yours, ref checkkit.Observed) {
	eachRun(c, yours, ref, func(r play.Run, got, want play.Ran) {
		compareResults(c, r.What, want.Results, got.Results)
	})
}

func byIDRuns() any {
	sets := []checkkit.Data[scenario]{
		{Name: "the same read twice, and a tool that does not exist", Data: scenario{
			what:   "The same read under two ids, a call to a tool that does not exist, and another read",
			files:  map[string]string{"a.txt": "alpha\n", "b.txt": "beta\n"},
			delays: map[string]time.Duration{"read a.txt": 20 * ms, "read b.txt": 5 * ms},
			calls:  []lab.Block{readOf("x9", "a.txt"), readOf("x2", "a.txt"), call("x5", "fetch", lab.Args{"url": "a.txt"}), readOf("x1", "b.txt")},
		}},
		{Name: "other files, other ids", Data: scenario{
			what:   "Two reads of one file under two ids, around a read of another",
			files:  map[string]string{"p.txt": "pi\n", "q.txt": "qu\n"},
			delays: map[string]time.Duration{"read p.txt": 3 * ms, "read q.txt": 9 * ms},
			calls:  []lab.Block{readOf("t3", "q.txt"), readOf("t1", "p.txt"), readOf("t2", "q.txt")},
		}},
	}
	out := make([]checkkit.Data[play.Again], len(sets))
	for k, set := range sets {
		other := set.Data
		other.calls = slices.Clone(other.calls)
		slices.Reverse(other.calls)
		other.what += ", asked again in the opposite order"
		out[k] = checkkit.Data[play.Again]{Name: set.Name, Data: play.Again{First: toRun(set.Data, false), Other: toRun(other, false)}}
	}
	return out
}

func judgeResultsByID(c *checkkit.C, yours, ref checkkit.Observed) {
	checkkit.EachScenario(c, checkkit.Scenario[[]checkkit.Data[play.Again]](c), func(k int, again play.Again) {
		get := func(o checkkit.Observed, key string) play.Ran {
			return checkkit.Get[play.Ran](c, o, play.Key(k, 0)+": "+key)
		}
		for _, step := range []struct {
			key string
			r   play.Run
		}{{play.First, again.First}, {play.Other, again.Other}} {
			got, want := get(yours, step.key), get(ref, step.key)
			if compareResults(c, step.r.What, want.Results, got.Results); c.Failed() {
				c.Logf("%s: the calls were %s", step.r.What, showCalls(step.r.Calls))
				return
			}
		}
		// The results handed back for the first reply must stay as they
		// were when RunCalls runs again for another.
		kept := get(yours, play.First).Results
		after := checkkit.Get[[]lab.Message](c, yours, play.Key(k, 0)+": "+play.FirstAfter)
		what := again.First.What
		if len(checkkit.Differences(kept, after)) > 0 {
			const fix = "Make a new results slice on every run: a slice kept from run to run (a package-level variable) " +
				"is written over by the next run while the caller still holds the results of the last one."
			if ids(kept) != ids(after) {
				c.Errorf("%s: the results RunCalls returned for this reply changed when RunCalls ran again for another reply: "+
					"they quoted the calls %s, and now they quote %s, the calls of the other reply. %s", what, ids(kept), ids(after), fix)
			} else {
				checkkit.SameMessages(c, what+": the results RunCalls returned for this reply changed when RunCalls ran again for another reply. "+fix,
					kept, after, 0)
			}
			return
		}
		// The check changed what the student returned, then asked again:
		// the new results must not carry the change.
		checkkit.SameMessages(c, what+", asked a second time after the check changed the first answer's results",
			get(ref, play.FirstAgain).Results, get(yours, play.FirstAgain).Results, 0)
	})
}

func readsAtOnceRuns() any {
	return runSets([]checkkit.Data[[]scenario]{
		{Name: "three reads", Data: []scenario{{
			what:   "Three reads of 30ms, 10ms and 20ms",
			files:  map[string]string{"a.txt": "A\n", "b.txt": "B\n", "c.txt": "C\n"},
			delays: map[string]time.Duration{"read a.txt": 30 * ms, "read b.txt": 10 * ms, "read c.txt": 20 * ms},
			calls:  []lab.Block{readOf("c1", "a.txt"), readOf("c2", "b.txt"), readOf("c3", "c.txt")},
		}}},
		{Name: "four reads, other delays, then six reads of one length", Data: []scenario{{
			what:   "Four reads of 7ms, 50ms, 12ms and 3ms",
			files:  map[string]string{"k.txt": "K\n", "l.txt": "L\n", "m.txt": "M\n"},
			delays: map[string]time.Duration{"read k.txt": 7 * ms, "read l.txt": 50 * ms, "read m.txt": 12 * ms, "read n.txt": 3 * ms},
			calls:  []lab.Block{readOf("d1", "k.txt"), readOf("d2", "l.txt"), readOf("d3", "m.txt"), readOf("d4", "n.txt")},
		}, {
			what:   "Six reads of 20ms each (more than a pool of four holds)",
			files:  map[string]string{"p.txt": "P\n", "q.txt": "Q\n"},
			delays: map[string]time.Duration{"read p.txt": 20 * ms, "read q.txt": 20 * ms, "read r.txt": 20 * ms},
			calls: []lab.Block{readOf("e1", "p.txt"), readOf("e2", "q.txt"), readOf("e3", "r.txt"),
				readOf("e4", "p.txt"), readOf("e5", "q.txt"), readOf("e6", "r.txt")},
		}}},
	}, false)
}

func judgeReadsRunAtOnce(c *checkkit.C, yours, ref checkkit.Observed) {
	eachRun(c, yours, ref, func(r play.Run, got, want play.Ran) {
		onTime(c, r, got, want, "Start every read of a batch before you wait for any of them.")
	})
}

func writeAloneRuns() any {
	return runSets([]checkkit.Data[[]scenario]{
		{Name: "two reads, a write, two reads", Data: []scenario{{
			what:   "Read, read, write, read, read",
			files:  map[string]string{"a.txt": "old\n", "b.txt": "B\n"},
			delays: map[string]time.Duration{"read a.txt": 20 * ms, "read b.txt": 10 * ms, "write a.txt": 3 * ms},
			calls:  []lab.Block{readOf("c1", "a.txt"), readOf("c2", "b.txt"), writeOf("c3", "a.txt", "new\n"), readOf("c4", "a.txt"), readOf("c5", "b.txt")},
		}}},
		{Name: "a write first, then reads of what it wrote", Data: []scenario{{
			what:   "Write, read, read",
			files:  map[string]string{"p.txt": "before\n"},
			delays: map[string]time.Duration{"write p.txt": 40 * ms, "read p.txt": 2 * ms, "read q.txt": 1 * ms},
			calls:  []lab.Block{writeOf("w1", "p.txt", "after\n"), readOf("w2", "p.txt"), readOf("w3", "q.txt")},
		}}},
	}, false)
}

func judgeWriteRunsAlone(c *checkkit.C, yours, ref checkkit.Observed) {
	eachRun(c, yours, ref, func(r play.Run, got, want play.Ran) {
		writesAlone(c, r, got, false)
		compareResults(c, r.What, want.Results, got.Results)
		if !c.Failed() {
			onTime(c, r, got, want, "The reads on each side of the write should run at the same time.")
		}
	})
}

func listedOrderRuns() any {
	return runSets([]checkkit.Data[[]scenario]{
		{Name: "three writes, the first the slowest", Data: []scenario{{
			what:   "Write a.txt, write b.txt, write a.txt again, then read a.txt",
			files:  map[string]string{"a.txt": "0\n"},
			delays: map[string]time.Duration{"write a.txt": 30 * ms, "write b.txt": 10 * ms, "read a.txt": 1 * ms},
			calls:  []lab.Block{writeOf("c1", "a.txt", "1\n"), writeOf("c2", "b.txt", "2\n"), writeOf("c3", "a.txt", "3\n"), readOf("c4", "a.txt")},
		}}},
		{Name: "other files, the last write the fastest", Data: []scenario{{
			what:   "Write x.txt twice, then y.txt",
			files:  map[string]string{},
			delays: map[string]time.Duration{"write x.txt": 8 * ms, "write y.txt": 1 * ms},
			calls:  []lab.Block{writeOf("k1", "x.txt", "first\n"), writeOf("k2", "x.txt", "second\n"), writeOf("k3", "y.txt", "third\n")},
		}}},
	}, false)
}

func judgeWritesInListedOrder(c *checkkit.C, yours, ref checkkit.Observed) {
	eachRun(c, yours, ref, func(r play.Run, got, want play.Ran) {
		c.Equal(r.What+": the writes should start in the order the model listed them, each after the one before has finished",
			writeOrder(want.Spans), writeOrder(got.Spans))
		writesAlone(c, r, got, false)
		compareResults(c, r.What, want.Results, got.Results)
		sameFiles(c, r.What, want.Files, got.Files)
	})
}

// writeOrder lists the writes that ran, in the order they started.
func writeOrder(spans []lab.Span) []string {
	out := []string{}
	for _, s := range spans {
		if s.Tool == "write" {
			out = append(out, "write("+argWords(s.Args)+")")
		}
	}
	return out
}

// sameFiles fails c for each file that holds something else than the
// reference left in it.
func sameFiles(c *checkkit.C, what string, want, got map[string]string) {
	for _, path := range slices.Sorted(mapsKeys(want, got)) {
		c.Equal(what+": afterwards "+path+" should hold what the last write to it says", want[path], got[path])
	}
}

// mapsKeys is the keys of a and b together.
func mapsKeys(a, b map[string]string) func(func(string) bool) {
	return func(yield func(string) bool) {
		for k := range a {
			if !yield(k) {
				return
			}
		}
		for k := range b {
			if _, ok := a[k]; !ok && !yield(k) {
				return
			}
		}
	}
}

func eachCallRuns() any {
	return runSets([]checkkit.Data[[]scenario]{
		{Name: "reads and writes mixed", Data: []scenario{{
			what:  "Read a.txt, read b.txt, write a.txt, read a.txt again, read a.txt once more",
			files: map[string]string{"a.txt": "A\n", "b.txt": "B\n"},
			calls: []lab.Block{readOf("c1", "a.txt"), readOf("c2", "b.txt"), writeOf("c3", "a.txt", "C\n"), readOf("c4", "a.txt"), readOf("c5", "a.txt")},
		}}},
		{Name: "one read, alone", Data: []scenario{{
			what:  "One read",
			files: map[string]string{"z.txt": "Z\n"},
			calls: []lab.Block{readOf("z1", "z.txt")},
		}}},
	}, false)
}

func judgeEachCallRunsOnce(c *checkkit.C, yours, ref checkkit.Observed) {
	eachRun(c, yours, ref, func(r play.Run, got, want play.Ran) {
		c.Equal(r.What+": each call should run exactly once (listed here in alphabetical order)", runWords(want.Spans), runWords(got.Spans))
	})
}

func cancelledRuns() any {
	return byDeadline(runSets([]checkkit.Data[[]scenario]{
		{Name: "a read stops the run in the first batch", Data: []scenario{{
			what:   "Read, halt (stops the run), write, read, read",
			files:  map[string]string{"a.txt": "A\n", "b.txt": "B\n"},
			delays: map[string]time.Duration{"read a.txt": 20 * ms, "halt ": 5 * ms},
			calls: []lab.Block{readOf("c1", "a.txt"), call("c2", "halt", lab.Args{}), writeOf("c3", "a.txt", "gone\n"),
				readOf("c4", "a.txt"), readOf("c5", "b.txt")},
		}}},
		{Name: "the run's deadline passes after a write", Data: []scenario{{
			what:  "Write, halt (the run's deadline passes) and a read (one batch), write",
			files: map[string]string{"p.txt": "P\n"},
			calls: []lab.Block{writeOf("k1", "p.txt", "Q\n"), call("k2", "halt", lab.Args{}), readOf("k3", "p.txt"), writeOf("k4", "p.txt", "R\n")},
		}}},
	}, false), 1)
}

func judgeCancelled(c *checkkit.C, yours, ref checkkit.Observed) {
	eachRun(c, yours, ref, func(r play.Run, got, want play.Ran) {
		compareResults(c, r.What+" (every call gets a result, and the calls of the batches that had not started when the run stopped get the cancelled result)",
			want.Results, got.Results)
		c.Equal(r.What+": only the calls of the batches that started before the run stopped should run (listed here in alphabetical order)",
			runWords(want.Spans), runWords(got.Spans))
	})
}

func cancelledBeforeStartRuns() any {
	sets := runSets([]checkkit.Data[[]scenario]{
		{Name: "two reads and a write", Data: []scenario{{
			what:  "Read, read, write, on a run stopped before RunCalls was called",
			files: map[string]string{"a.txt": "A\n"},
			calls: []lab.Block{readOf("c1", "a.txt"), readOf("c2", "b.txt"), writeOf("c3", "a.txt", "x\n")},
		}}},
		{Name: "one write, other ids, a deadline that passed", Data: []scenario{{
			what:  "One write, on a run whose deadline passed before RunCalls was called",
			files: map[string]string{},
			calls: []lab.Block{writeOf("q7", "n.txt", "y\n")},
		}}},
	}, true)
	sets = byDeadline(sets, 1)
	last := &sets[len(sets)-1]
	last.Data = append(last.Data, play.Run{What: "A reply with no calls, on a run that was not stopped", Rounds: []int{}})
	return sets
}

func judgeCancelledBeforeStart(c *checkkit.C, yours, ref checkkit.Observed) {
	eachRun(c, yours, ref, func(r play.Run, got, want play.Ran) {
		if len(r.Calls) == 0 {
			if len(got.Results) != 0 {
				c.Errorf("A reply with no calls should give no results, got %d", len(got.Results))
			}
			return
		}
		checkkit.SameMessages(c, r.What+": every call should get the cancelled result, in the order of the calls", want.Results, got.Results, 0)
		c.Equal(r.What+": no call should run", []string{}, runWords(got.Spans))
	})
}

// byDeadline makes every stop in data set k its deadline passing rather than
// a cancel.
func byDeadline(sets []checkkit.Data[[]play.Run], k int) []checkkit.Data[[]play.Run] {
	for i := range sets[k].Data {
		sets[k].Data[i].Deadline = true
	}
	return sets
}
