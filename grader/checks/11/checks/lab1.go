package checks

import (
	"fmt"
	"maps"
	"strings"

	"harnesslab/grader/checkkit"
	"harnesslab/lab"
)

// Lab 1: which calls may run together. Batches is handed the calls of one
// reply and the effect class of every tool, and says which calls share a
// batch.

// batchCase is one reply to split: the effect classes, the calls, and the
// batches a correct Batches returns.
type batchCase struct {
	what    string
	effects map[string]string
	calls   []lab.Block
	want    [][]int
}

// call is a call of tool name with the arguments args, under id.
func call(id, name string, args lab.Args) lab.Block {
	return lab.Call(name, args).WithID(id)
}

// readOf is a call of the read tool for path.
func readOf(id, path string) lab.Block {
	return call(id, "read", lab.Args{"path": path})
}

// writeOf is a call of the write tool that puts text in path.
func writeOf(id, path, text string) lab.Block {
	return call(id, "write", lab.Args{"path": path, "text": text})
}

// classes are the effect classes of the lesson's tools.
func classes() map[string]string {
	return map[string]string{"read": read, "search": read, "write": write, "send": external, "delete": irreversible}
}

// showCalls writes calls as the student reads them: "0:read(a.txt)".
func showCalls(calls []lab.Block) string {
	parts := make([]string, len(calls))
	for i, b := range calls {
		parts[i] = fmt.Sprintf("%d:%s(%s)", i, b.Name, argWords(b.Arguments))
	}
	return strings.Join(parts, " ")
}

// sortedKeys returns the keys of args in order.
func sortedKeys(args lab.Args) []string {
	keys := make([]string, 0, len(args))
	for k := range args {
		keys = append(keys, k)
	}
	for i := 1; i < len(keys); i++ {
		for j := i; j > 0 && keys[j] < keys[j-1]; j-- {
			keys[j], keys[j-1] = keys[j-1], keys[j]
		}
	}
	return keys
}

// splitCases runs Batches on every case of each data set, compares the whole
// answer with the case's, and checks that Batches left the calls and the
// effect classes it was handed as they were.
func splitCases(c *checkkit.C, sets []checkkit.Data[[]batchCase]) {
	checkkit.Scenarios(c, sets, func(cases []batchCase) {
		for _, tc := range cases {
			calls := lab.CloneMessages([]lab.Message{{Blocks: tc.calls}})[0].Blocks
			effects := maps.Clone(tc.effects)
			got := S.Batches(effects, calls)
			c.Logf("%s: the calls were %s", tc.what, showCalls(tc.calls))
			if len(tc.want) == 0 {
				if len(got) != 0 {
					c.Errorf("%s: expected no batches at all, got %v", tc.what, got)
				}
			} else if len(checkkit.Differences(tc.want, got)) > 0 {
				c.Errorf("%s: Batches returned other batches than expected (each batch lists the indexes of its calls)\n"+
					"expected %v\ngot      %v", tc.what, tc.want, got)
				if a, b, ok := sharedBatches(got); ok {
					c.Errorf("%s: batches %d and %d of what Batches returned share one array, so filling batch %d overwrote batch %d. "+
						"After you add a batch to the result, start the next one with a new slice (nil), not by cutting the old one back with [:0].",
						tc.what, a, b, b, a)
				}
			}
			checkkit.SameBlocks(c, tc.what+": Batches changed the calls it was handed", tc.calls, calls)
			c.Equal(tc.what+": Batches changed the effect classes it was handed", tc.effects, effects)
			if c.Failed() {
				return
			}
		}
	})
}

// sharedBatches reports the first two batches that hold the same place in
// memory, which happens when a batch slice is cut back with [:0] and filled
// again after it was added to the result.
func sharedBatches(batches [][]int) (int, int, bool) {
	for a := range batches {
		for b := a + 1; b < len(batches); b++ {
			for i := range batches[a] {
				for j := range batches[b] {
					if &batches[a][i] == &batches[b][j] {
						return a, b, true
					}
				}
			}
		}
	}
	return 0, 0, false
}

func readsShareABatch(c *checkkit.C) {
	splitCases(c, []checkkit.Data[[]batchCase]{
		{Name: "three reads, a search and a read, reads on each side of a write", Data: []batchCase{
			{"Three reads", classes(), []lab.Block{readOf("c1", "auth/tokens.txt"), readOf("c2", "auth/session.txt"), readOf("c3", "notes.txt")}, [][]int{{0, 1, 2}}},
			{"A search and a read (both read-only)", classes(), []lab.Block{call("c4", "search", lab.Args{"query": "expires"}), readOf("c5", "a.txt")}, [][]int{{0, 1}}},
			{"Two reads, a write, then two searches", classes(), []lab.Block{readOf("c6", "a.txt"), readOf("c7", "b.txt"), writeOf("c8", "a.txt", "1"),
				call("c9", "search", lab.Args{"query": "port"}), call("c10", "search", lab.Args{"query": "host"})}, [][]int{{0, 1}, {2}, {3, 4}}},
		}},
		{Name: "other tools, other ids, other counts", Data: []batchCase{
			{"Two reads", classes(), []lab.Block{readOf("k7", "x.txt"), readOf("k2", "y.txt")}, [][]int{{0, 1}}},
			{"Four read-only calls", classes(), []lab.Block{call("k1", "search", lab.Args{"query": "port"}), readOf("k9", "b.txt"), readOf("k3", "c.txt"), call("k4", "search", lab.Args{"query": "host"})}, [][]int{{0, 1, 2, 3}}},
			{"Three reads, a write, then two reads", classes(), []lab.Block{readOf("k5", "x.txt"), readOf("k6", "y.txt"), readOf("k8", "z.txt"),
				writeOf("k10", "x.txt", "1"), readOf("k11", "x.txt"), readOf("k12", "y.txt")}, [][]int{{0, 1, 2}, {3}, {4, 5}}},
		}},
	})
}

func writesSplitBatches(c *checkkit.C) {
	splitCases(c, []checkkit.Data[[]batchCase]{
		{Name: "reads around a write", Data: []batchCase{
			{"Read, read, write, read, read", classes(), []lab.Block{readOf("c1", "a.txt"), readOf("c2", "b.txt"), writeOf("c3", "a.txt", "1"), readOf("c4", "a.txt"), readOf("c5", "c.txt")}, [][]int{{0, 1}, {2}, {3, 4}}},
			{"Two writes in a row, then a read", classes(), []lab.Block{writeOf("c6", "a.txt", "1"), writeOf("c7", "b.txt", "2"), readOf("c8", "a.txt")}, [][]int{{0}, {1}, {2}}},
		}},
		{Name: "external and irreversible calls, other ids", Data: []batchCase{
			{"Read, send, read, delete, read", classes(), []lab.Block{readOf("m1", "a.txt"), call("m2", "send", lab.Args{"to": "ops"}), readOf("m3", "b.txt"), call("m4", "delete", lab.Args{"path": "b.txt"}), readOf("m5", "b.txt")}, [][]int{{0}, {1}, {2}, {3}, {4}}},
			{"Write, read, read, write", classes(), []lab.Block{writeOf("m6", "x.txt", "a"), readOf("m7", "x.txt"), readOf("m8", "y.txt"), writeOf("m9", "y.txt", "b")}, [][]int{{0}, {1, 2}, {3}}},
		}},
	})
}

func unknownEffectRunsAlone(c *checkkit.C) {
	splitCases(c, []checkkit.Data[[]batchCase]{
		{Name: "a tool with no effect class between reads", Data: []batchCase{
			{"Read, run_command (no effect class), read", classes(), []lab.Block{readOf("c1", "a.txt"), call("c2", "run_command", lab.Args{"command": "pytest"}), readOf("c3", "b.txt")}, [][]int{{0}, {1}, {2}}},
			{"READ (a wrong-case name, so no effect class), then two reads", classes(), []lab.Block{call("c4", "READ", lab.Args{"path": "a.txt"}), readOf("c5", "a.txt"), readOf("c6", "b.txt")}, [][]int{{0}, {1, 2}}},
		}},
		{Name: "no effect classes at all", Data: []batchCase{
			{"Two reads, and nothing says what read does", nil, []lab.Block{readOf("d1", "a.txt"), readOf("d2", "b.txt")}, [][]int{{0}, {1}}},
			{"A tool whose class is empty", map[string]string{"read": read, "peek": ""}, []lab.Block{call("d3", "peek", lab.Args{"path": "a.txt"}), call("d4", "peek", lab.Args{"path": "b.txt"}), readOf("d5", "b.txt")}, [][]int{{0}, {1}, {2}}},
		}},
	})
}

func batchesEdgeCases(c *checkkit.C) {
	splitCases(c, []checkkit.Data[[]batchCase]{
		{Name: "no calls, one call, the same read twice on each side of a write", Data: []batchCase{
			{"No calls", classes(), nil, nil},
			{"One read", classes(), []lab.Block{readOf("c1", "a.txt")}, [][]int{{0}}},
			{"One write", classes(), []lab.Block{writeOf("c2", "a.txt", "1")}, [][]int{{0}}},
			{"The same read twice, a write, then the same read twice again", classes(), []lab.Block{readOf("c3", "a.txt"), readOf("c4", "a.txt"),
				writeOf("c5", "a.txt", "2"), readOf("c6", "a.txt"), readOf("c7", "a.txt")}, [][]int{{0, 1}, {2}, {3, 4}}},
		}},
		{Name: "the same read twice, a write first, the same search twice on each side of a write", Data: []batchCase{
			{"The same read twice, under two ids", classes(), []lab.Block{readOf("e1", "a.txt"), readOf("e2", "a.txt")}, [][]int{{0, 1}}},
			{"A write first, then three reads", classes(), []lab.Block{writeOf("e3", "a.txt", "2"), readOf("e4", "a.txt"), readOf("e5", "a.txt"), readOf("e6", "b.txt")}, [][]int{{0}, {1, 2, 3}}},
			{"The same search twice, a write, then the same search twice again", classes(), []lab.Block{call("e7", "search", lab.Args{"query": "tmp"}), call("e8", "search", lab.Args{"query": "tmp"}),
				writeOf("e9", "tmp.txt", "3"), call("e10", "search", lab.Args{"query": "tmp"}), call("e11", "search", lab.Args{"query": "tmp"})}, [][]int{{0, 1}, {2}, {3, 4}}},
		}},
	})
}
