package checks

import (
	"slices"
	"sort"
	"strings"
	"time"

	"harnesslab/grader/checkkit"
	"harnesslab/lab"
)

// Lab 2: run them at once, answer in order. RunCalls runs one reply's calls
// on a Timeline, where each call takes the time the scenario scripts.

const ms = time.Millisecond

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

// runAndCompare runs sc once through RunCalls and compares the whole list of
// results with what the kit expects. It returns what happened.
func runAndCompare(c *checkkit.C, sc scenario) outcome {
	got := runCalls(sc, roundsOf(sc.calls), false)
	c.Logf("%s: the calls were %s", sc.what, showCalls(sc.calls))
	c.Logf("%s, on the clock:%s", sc.what, showSpans(got.spans))
	compareResults(c, sc.what, expected(sc, len(sc.calls)), got)
	return got
}

// compareResults compares the whole list of results with want. Results that
// are all there but in another order are said to be so first: that is the
// mistake of appending results in the order they finish.
func compareResults(c *checkkit.C, what string, want []lab.Message, got outcome) {
	if ids(got.results) != ids(want) && sameIDs(ids(got.results), ids(want)) {
		c.Errorf("%s: the results came back in the order %s, but the calls were %s. "+
			"Put each result in the place of its call, whatever order the calls finish in.", what, ids(got.results), ids(want))
		return
	}
	checkkit.SameMessages(c, what+": RunCalls should return one result per call, in the order of the calls, each quoting its call's id",
		want, got.results, 0)
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

func resultsInCallOrder(c *checkkit.C) {
	checkkit.Scenarios(c, []checkkit.Data[[]scenario]{
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
	}, func(scs []scenario) {
		for _, sc := range scs {
			if runAndCompare(c, sc); c.Failed() {
				return
			}
		}
	})
}

func resultsByID(c *checkkit.C) {
	checkkit.Scenarios(c, []checkkit.Data[scenario]{
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
	}, func(sc scenario) {
		got := runAndCompare(c, sc)
		if c.Failed() || len(got.results) == 0 {
			return
		}
		// Run another reply of the same size: the results handed back for
		// the first must stay as they were.
		kept := lab.CloneMessages(got.results)
		other := reversed(sc)
		if runAndCompare(c, other); c.Failed() {
			return
		}
		if len(checkkit.Differences(kept, got.results)) > 0 {
			const fix = "Make a new results slice on every run: a slice kept from run to run (a package-level variable) " +
				"is written over by the next run while the caller still holds the results of the last one."
			if ids(kept) != ids(got.results) {
				c.Errorf("%s: the results RunCalls returned for this reply changed when RunCalls ran again for another reply: "+
					"they quoted the calls %s, and now they quote %s, the calls of the other reply. %s", sc.what, ids(kept), ids(got.results), fix)
			} else {
				checkkit.SameMessages(c, sc.what+": the results RunCalls returned for this reply changed when RunCalls ran again for another reply. "+fix,
					kept, got.results, 0)
			}
			return
		}
		// Change what the student returned, then ask again: the new
		// results must not carry the change.
		got.results[0].Content = "changed by the check"
		again := runCalls(sc, roundsOf(sc.calls), false)
		checkkit.SameMessages(c, sc.what+", asked a second time after the check changed the first answer's results",
			expected(sc, len(sc.calls)), again.results, 0)
	})
}

// reversed is sc with its calls in the opposite order.
func reversed(sc scenario) scenario {
	calls := cloneCalls(sc.calls)
	slices.Reverse(calls)
	sc.what, sc.calls = sc.what+", asked again in the opposite order", calls
	return sc
}

func readsRunAtOnce(c *checkkit.C) {
	checkkit.Scenarios(c, []checkkit.Data[scenario]{
		{Name: "three reads", Data: scenario{
			what:   "Three reads of 30ms, 10ms and 20ms",
			files:  map[string]string{"a.txt": "A\n", "b.txt": "B\n", "c.txt": "C\n"},
			delays: map[string]time.Duration{"read a.txt": 30 * ms, "read b.txt": 10 * ms, "read c.txt": 20 * ms},
			calls:  []lab.Block{readOf("c1", "a.txt"), readOf("c2", "b.txt"), readOf("c3", "c.txt")},
		}},
		{Name: "four reads, other delays", Data: scenario{
			what:   "Four reads of 7ms, 50ms, 12ms and 3ms",
			files:  map[string]string{"k.txt": "K\n", "l.txt": "L\n", "m.txt": "M\n"},
			delays: map[string]time.Duration{"read k.txt": 7 * ms, "read l.txt": 50 * ms, "read m.txt": 12 * ms, "read n.txt": 3 * ms},
			calls:  []lab.Block{readOf("d1", "k.txt"), readOf("d2", "l.txt"), readOf("d3", "m.txt"), readOf("d4", "n.txt")},
		}},
	}, func(sc scenario) {
		got := runCalls(sc, roundsOf(sc.calls), false)
		var sum time.Duration
		for _, b := range sc.calls {
			sum += sc.delayOf(b.Name, b.Arguments)
		}
		c.Logf("%s, on the clock:%s", sc.what, showSpans(got.spans))
		if want := wallOf(sc, len(sc.calls)); got.wall > want+ms {
			c.Errorf("%s took %v on the clock: run at the same time, reads take as long as the slowest one, %v (one after the other they take %v). "+
				"Start every read of a batch before you wait for any of them.", sc.what, got.wall, want, sum)
		}
	})
}

func writeRunsAlone(c *checkkit.C) {
	checkkit.Scenarios(c, []checkkit.Data[scenario]{
		{Name: "two reads, a write, two reads", Data: scenario{
			what:   "Read, read, write, read, read",
			files:  map[string]string{"a.txt": "old\n", "b.txt": "B\n"},
			delays: map[string]time.Duration{"read a.txt": 20 * ms, "read b.txt": 10 * ms, "write a.txt": 3 * ms},
			calls:  []lab.Block{readOf("c1", "a.txt"), readOf("c2", "b.txt"), writeOf("c3", "a.txt", "new\n"), readOf("c4", "a.txt"), readOf("c5", "b.txt")},
		}},
		{Name: "a write first, then reads of what it wrote", Data: scenario{
			what:   "Write, read, read",
			files:  map[string]string{"p.txt": "before\n"},
			delays: map[string]time.Duration{"write p.txt": 40 * ms, "read p.txt": 2 * ms, "read q.txt": 1 * ms},
			calls:  []lab.Block{writeOf("w1", "p.txt", "after\n"), readOf("w2", "p.txt"), readOf("w3", "q.txt")},
		}},
	}, func(sc scenario) {
		got := runCalls(sc, roundsOf(sc.calls), false)
		c.Logf("%s: the calls were %s", sc.what, showCalls(sc.calls))
		c.Logf("%s, on the clock:%s", sc.what, showSpans(got.spans))
		for _, s := range got.spans {
			if s.Tool != "write" || len(s.Overlap) == 0 {
				continue
			}
			var others []string
			for _, o := range s.Overlap {
				others = append(others, got.spans[o].Tool+"("+argWords(got.spans[o].Args)+")")
			}
			c.Errorf("%s: write(%s) ran at the same time as %s. A call that changes something runs alone: "+
				"everything before it has finished when it starts, and nothing after it starts until it has finished.",
				sc.what, argWords(s.Args), checkkit.List(others))
		}
		compareResults(c, sc.what, expected(sc, len(sc.calls)), got)
		if want := wallOf(sc, len(sc.calls)); !c.Failed() && got.wall > want+ms {
			c.Errorf("%s took %v on the clock, but should take %v: the reads on each side of the write should run at the same time.", sc.what, got.wall, want)
		}
	})
}

func writesInListedOrder(c *checkkit.C) {
	checkkit.Scenarios(c, []checkkit.Data[scenario]{
		{Name: "three writes, the first the slowest", Data: scenario{
			what:   "Write a.txt, write b.txt, write a.txt again, then read a.txt",
			files:  map[string]string{"a.txt": "0\n"},
			delays: map[string]time.Duration{"write a.txt": 30 * ms, "write b.txt": 10 * ms, "read a.txt": 1 * ms},
			calls:  []lab.Block{writeOf("c1", "a.txt", "1\n"), writeOf("c2", "b.txt", "2\n"), writeOf("c3", "a.txt", "3\n"), readOf("c4", "a.txt")},
		}},
		{Name: "other files, the last write the fastest", Data: scenario{
			what:   "Write x.txt twice, then y.txt",
			files:  map[string]string{},
			delays: map[string]time.Duration{"write x.txt": 8 * ms, "write y.txt": 1 * ms},
			calls:  []lab.Block{writeOf("k1", "x.txt", "first\n"), writeOf("k2", "x.txt", "second\n"), writeOf("k3", "y.txt", "third\n")},
		}},
	}, func(sc scenario) {
		got := runCalls(sc, roundsOf(sc.calls), false)
		c.Logf("%s: the calls were %s", sc.what, showCalls(sc.calls))
		c.Logf("%s, on the clock:%s", sc.what, showSpans(got.spans))
		var want, order []string
		for _, b := range sc.calls {
			if b.Name == "write" {
				want = append(want, "write("+argWords(b.Arguments)+")")
			}
		}
		for _, s := range got.spans {
			if s.Tool == "write" {
				order = append(order, "write("+argWords(s.Args)+")")
			}
		}
		c.Equal(sc.what+": the writes should start in the order the model listed them, each after the one before has finished", want, order)
		compareResults(c, sc.what, expected(sc, len(sc.calls)), got)
		pristine := lab.NewWorkspace(sc.files)
		for _, b := range sc.calls {
			if b.Name == "write" {
				pristine.WriteText(b.Arguments["path"].(string), b.Arguments["text"].(string))
			}
		}
		for _, path := range pristine.Paths() {
			w, _ := pristine.Peek(path)
			g, _ := got.ws.Peek(path)
			c.Equal(sc.what+": afterwards "+path+" should hold what the last write to it says", w, g)
		}
	})
}

func eachCallRunsOnce(c *checkkit.C) {
	checkkit.Scenarios(c, []checkkit.Data[scenario]{
		{Name: "reads and writes mixed", Data: scenario{
			what:  "Read a.txt, read b.txt, write a.txt, read a.txt again, read a.txt once more",
			files: map[string]string{"a.txt": "A\n", "b.txt": "B\n"},
			calls: []lab.Block{readOf("c1", "a.txt"), readOf("c2", "b.txt"), writeOf("c3", "a.txt", "C\n"), readOf("c4", "a.txt"), readOf("c5", "a.txt")},
		}},
		{Name: "one read, alone", Data: scenario{
			what:  "One read",
			files: map[string]string{"z.txt": "Z\n"},
			calls: []lab.Block{readOf("z1", "z.txt")},
		}},
	}, func(sc scenario) {
		got := runCalls(sc, roundsOf(sc.calls), false)
		c.Logf("%s, on the clock:%s", sc.what, showSpans(got.spans))
		c.Equal(sc.what+": each call should run exactly once (listed here in alphabetical order)", callWords(sc.calls), runWords(got.spans))
	})
}

func cancelledCallsGetResults(c *checkkit.C) {
	checkkit.Scenarios(c, []checkkit.Data[scenario]{
		{Name: "a read stops the run in the first batch", Data: scenario{
			what:   "Read, halt (stops the run), write, read, read",
			files:  map[string]string{"a.txt": "A\n", "b.txt": "B\n"},
			delays: map[string]time.Duration{"read a.txt": 20 * ms, "halt ": 5 * ms},
			calls: []lab.Block{readOf("c1", "a.txt"), call("c2", "halt", lab.Args{}), writeOf("c3", "a.txt", "gone\n"),
				readOf("c4", "a.txt"), readOf("c5", "b.txt")},
		}},
		{Name: "the run stops after a write", Data: scenario{
			what:  "Write, halt and a read (one batch), write",
			files: map[string]string{"p.txt": "P\n"},
			calls: []lab.Block{writeOf("k1", "p.txt", "Q\n"), call("k2", "halt", lab.Args{}), readOf("k3", "p.txt"), writeOf("k4", "p.txt", "R\n")},
		}},
	}, func(sc scenario) {
		// The run stops at the end of the batch that holds halt.
		stop, rounds := 0, []int{}
		for _, b := range kitBatches(lessonClasses(), sc.calls) {
			if stop > 0 {
				break
			}
			rounds = append(rounds, len(b))
			for _, i := range b {
				if sc.calls[i].Name == "halt" {
					stop = b[len(b)-1] + 1
				}
			}
		}
		got := runCalls(sc, rounds, false)
		c.Logf("%s, on the clock:%s", sc.what, showSpans(got.spans))
		compareResults(c, sc.what+" (every call gets a result, and the calls of the batches that had not started when the run stopped get the cancelled result)",
			expected(sc, stop), got)
		c.Equal(sc.what+": only the calls of the batches that started before the run stopped should run (listed here in alphabetical order)",
			callWords(sc.calls[:stop]), runWords(got.spans))
	})
}

func cancelledBeforeStart(c *checkkit.C) {
	checkkit.Scenarios(c, []checkkit.Data[scenario]{
		{Name: "two reads and a write", Data: scenario{
			what:  "Read, read, write, on a run stopped before RunCalls was called",
			files: map[string]string{"a.txt": "A\n"},
			calls: []lab.Block{readOf("c1", "a.txt"), readOf("c2", "b.txt"), writeOf("c3", "a.txt", "x\n")},
		}},
		{Name: "one write, other ids", Data: scenario{
			what:  "One write, on a run stopped before RunCalls was called",
			files: map[string]string{},
			calls: []lab.Block{writeOf("q7", "n.txt", "y\n")},
		}},
	}, func(sc scenario) {
		got := runCalls(sc, nil, true)
		c.Logf("%s, on the clock:%s", sc.what, showSpans(got.spans))
		checkkit.SameMessages(c, sc.what+": every call should get the cancelled result, in the order of the calls", expected(sc, 0), got.results, 0)
		c.Equal(sc.what+": no call should run", []string{}, runWords(got.spans))
	})
	none := runCalls(scenario{what: "no calls"}, nil, false)
	if len(none.results) != 0 {
		c.Errorf("A reply with no calls should give no results, got %d", len(none.results))
	}
}
