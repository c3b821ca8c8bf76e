package checks

import (
	"harnesslab/grader/checkkit"
	"harnesslab/grader/checks/11/play"
	"harnesslab/lab"
)

// Lab 1: which calls may run together. Batches is handed the calls of one
// reply and the effect class of every tool, and says which calls share a
// batch.

// batchCase is one reply to split: the effect classes and the calls.
type batchCase struct {
	what    string
	effects map[string]string
	calls   []lab.Block
}

// classes are the effect classes of the lesson's tools.
func classes() map[string]string {
	return map[string]string{"read": read, "search": read, "write": write, "send": external, "delete": irreversible}
}

// splitSets turns data sets of cases into the scenario the player is handed.
func splitSets(sets []checkkit.Data[[]batchCase]) []checkkit.Data[[]play.Split] {
	out := make([]checkkit.Data[[]play.Split], len(sets))
	for k, set := range sets {
		out[k].Name = set.Name
		for _, tc := range set.Data {
			out[k].Data = append(out[k].Data, play.Split{What: tc.what, Effects: tc.effects, Calls: tc.calls})
		}
	}
	return out
}

// judgeSplits compares, reply by reply, the batches the student's Batches
// returned with the reference's, and checks that Batches left the calls and
// the effect classes it was handed as they were.
func judgeSplits(c *checkkit.C, yours, ref checkkit.Observed) {
	checkkit.EachScenario(c, checkkit.Scenario[[]checkkit.Data[[]play.Split]](c), func(k int, cases []play.Split) {
		for i, sp := range cases {
			got := checkkit.Get[play.Splitted](c, yours, play.Key(k, i))
			want := checkkit.Get[play.Splitted](c, ref, play.Key(k, i)).Batches
			if rule := kitBatches(sp.Effects, sp.Calls); len(checkkit.Differences(rule, want)) > 0 && len(rule)+len(want) > 0 {
				c.KitFatalf("the reference split %s into %v, not %v as the lesson says", showCalls(sp.Calls), want, rule)
			}
			if len(want) == 0 {
				if len(got.Batches) != 0 {
					c.Errorf("%s: expected no batches at all, got %v", sp.What, got.Batches)
				}
			} else if len(checkkit.Differences(want, got.Batches)) > 0 {
				c.Errorf("%s: Batches returned other batches than expected (each batch lists the indexes of its calls)\n"+
					"expected %v\ngot      %v", sp.What, want, got.Batches)
				if len(got.Shared) == 2 {
					a, b := got.Shared[0], got.Shared[1]
					c.Errorf("%s: batches %d and %d of what Batches returned share one array, so filling batch %d overwrote batch %d. "+
						"After you add a batch to the result, start the next one with a new slice (nil), not by cutting the old one back with [:0].",
						sp.What, a, b, b, a)
				}
			}
			checkkit.SameBlocks(c, sp.What+": Batches changed the calls it was handed", sp.Calls, got.Calls)
			c.Equal(sp.What+": Batches changed the effect classes it was handed", sp.Effects, got.Effects)
			if c.Failed() {
				c.Logf("%s: the calls were %s", sp.What, showCalls(sp.Calls))
				return
			}
		}
	})
}

func readSplits() any {
	return splitSets([]checkkit.Data[[]batchCase]{
		{Name: "three reads, a search and a read, reads on each side of a write", Data: []batchCase{
			{"Three reads", classes(), []lab.Block{readOf("c1", "auth/tokens.txt"), readOf("c2", "auth/session.txt"), readOf("c3", "notes.txt")}},
			{"A search and a read (both read-only)", classes(), []lab.Block{call("c4", "search", lab.Args{"query": "expires"}), readOf("c5", "a.txt")}},
			{"Two reads, a write, then two searches", classes(), []lab.Block{readOf("c6", "a.txt"), readOf("c7", "b.txt"), writeOf("c8", "a.txt", "1"),
				call("c9", "search", lab.Args{"query": "port"}), call("c10", "search", lab.Args{"query": "host"})}},
		}},
		{Name: "other tools, other ids, other counts", Data: []batchCase{
			{"Two reads", classes(), []lab.Block{readOf("k7", "x.txt"), readOf("k2", "y.txt")}},
			{"Four read-only calls", classes(), []lab.Block{call("k1", "search", lab.Args{"query": "port"}), readOf("k9", "b.txt"), readOf("k3", "c.txt"), call("k4", "search", lab.Args{"query": "host"})}},
			{"Three reads, a write, then two reads", classes(), []lab.Block{readOf("k5", "x.txt"), readOf("k6", "y.txt"), readOf("k8", "z.txt"),
				writeOf("k10", "x.txt", "1"), readOf("k11", "x.txt"), readOf("k12", "y.txt")}},
		}},
	})
}

func writeSplits() any {
	return splitSets([]checkkit.Data[[]batchCase]{
		{Name: "reads around a write", Data: []batchCase{
			{"Read, read, write, read, read", classes(), []lab.Block{readOf("c1", "a.txt"), readOf("c2", "b.txt"), writeOf("c3", "a.txt", "1"), readOf("c4", "a.txt"), readOf("c5", "c.txt")}},
			{"Two writes in a row, then a read", classes(), []lab.Block{writeOf("c6", "a.txt", "1"), writeOf("c7", "b.txt", "2"), readOf("c8", "a.txt")}},
		}},
		{Name: "external and irreversible calls, other ids", Data: []batchCase{
			{"Read, send, read, delete, read", classes(), []lab.Block{readOf("m1", "a.txt"), call("m2", "send", lab.Args{"to": "ops"}), readOf("m3", "b.txt"), call("m4", "delete", lab.Args{"path": "b.txt"}), readOf("m5", "b.txt")}},
			{"Write, read, read, write", classes(), []lab.Block{writeOf("m6", "x.txt", "a"), readOf("m7", "x.txt"), readOf("m8", "y.txt"), writeOf("m9", "y.txt", "b")}},
		}},
	})
}

func unknownEffectSplits() any {
	return splitSets([]checkkit.Data[[]batchCase]{
		{Name: "a tool with no effect class between reads", Data: []batchCase{
			{"Read, run_command (no effect class), read", classes(), []lab.Block{readOf("c1", "a.txt"), call("c2", "run_command", lab.Args{"command": "pytest"}), readOf("c3", "b.txt")}},
			{"READ (a wrong-case name, so no effect class), then two reads", classes(), []lab.Block{call("c4", "READ", lab.Args{"path": "a.txt"}), readOf("c5", "a.txt"), readOf("c6", "b.txt")}},
		}},
		{Name: "no effect classes at all", Data: []batchCase{
			{"Two reads, and nothing says what read does", nil, []lab.Block{readOf("d1", "a.txt"), readOf("d2", "b.txt")}},
			{"A tool whose class is empty", map[string]string{"read": read, "peek": ""}, []lab.Block{call("d3", "peek", lab.Args{"path": "a.txt"}), call("d4", "peek", lab.Args{"path": "b.txt"}), readOf("d5", "b.txt")}},
		}},
	})
}

func edgeCaseSplits() any {
	return splitSets([]checkkit.Data[[]batchCase]{
		{Name: "no calls, one call, the same read twice on each side of a write", Data: []batchCase{
			{"No calls", classes(), nil},
			{"One read", classes(), []lab.Block{readOf("c1", "a.txt")}},
			{"One write", classes(), []lab.Block{writeOf("c2", "a.txt", "1")}},
			{"The same read twice, a write, then the same read twice again", classes(), []lab.Block{readOf("c3", "a.txt"), readOf("c4", "a.txt"),
				writeOf("c5", "a.txt", "2"), readOf("c6", "a.txt"), readOf("c7", "a.txt")}},
		}},
		{Name: "the same read twice, a write first, the same search twice on each side of a write", Data: []batchCase{
			{"The same read twice, under two ids", classes(), []lab.Block{readOf("e1", "a.txt"), readOf("e2", "a.txt")}},
			{"A write first, then three reads", classes(), []lab.Block{writeOf("e3", "a.txt", "2"), readOf("e4", "a.txt"), readOf("e5", "a.txt"), readOf("e6", "b.txt")}},
			{"The same search twice, a write, then the same search twice again", classes(), []lab.Block{call("e7", "search", lab.Args{"query": "tmp"}), call("e8", "search", lab.Args{"query": "tmp"}),
				writeOf("e9", "tmp.txt", "3"), call("e10", "search", lab.Args{"query": "tmp"}), call("e11", "search", lab.Args{"query": "tmp"})}},
		}},
	})
}
