package checks

import (
	"fmt"
	"slices"
	"time"

	"pgregory.net/rapid"

	"harnesslab/grader/checkkit"
	"harnesslab/grader/checks/11/play"
	"harnesslab/lab"
)

// Generated replies: the lesson's rules combined in ways no hand-written case
// holds (long replies, the same file read and written, halts and unknown
// tools among reads, effect classes missing or empty). Each is made from a
// fixed seed, so every run hands out the same replies, and they are played
// smallest first, so the first difference reported is the smallest found.

// Generated counts: how many replies each check generates, in two data sets.
const (
	generatedSplitCount = 160
	generatedRunCount   = 24
)

// genPaths are the files generated calls name.
var genPaths = []string{"a.txt", "b.txt", "c.txt", "notes/d.txt"}

// splitGen generates a reply for Batches: up to 40 calls of the lesson's
// tools, a tool with no class, a wrongly cased name, and one whose class is
// empty, under the lesson's classes, none at all, or some missing.
var splitGen = rapid.Custom(func(t *rapid.T) play.Split {
	effects := classes()
	switch rapid.IntRange(0, 5).Draw(t, "classes") {
	case 0:
		effects = nil
	case 1:
		effects["peek"] = ""
	case 2:
		delete(effects, rapid.SampledFrom([]string{"read", "search", "write"}).Draw(t, "missing"))
	}
	n := rapid.IntRange(0, 40).Draw(t, "calls")
	calls := make([]lab.Block, n)
	tools := []string{"read", "read", "search", "write", "send", "delete", "run_command", "READ", "peek"}
	for i := range calls {
		name := rapid.SampledFrom(tools).Draw(t, "tool")
		id := fmt.Sprintf("g%d", rapid.IntRange(1, 99).Draw(t, "id"))
		calls[i] = call(id, name, lab.Args{"path": rapid.SampledFrom(genPaths).Draw(t, "path")})
	}
	return play.Split{Effects: effects, Calls: calls}
})

// runGen generates a reply for RunCalls: up to 12 calls of read, write and
// halt over a few files, some missing, with calls to a tool the world does
// not have, each path taking 1 to 40ms. One reply in eight comes on a run
// stopped before RunCalls was called, and in one in three a stop is the
// run's deadline passing rather than a cancel.
var runGen = rapid.Custom(func(t *rapid.T) scenario {
	sc := scenario{files: map[string]string{}, delays: map[string]time.Duration{}}
	for _, p := range genPaths {
		if rapid.Bool().Draw(t, "exists") {
			sc.files[p] = "old " + p + "\n"
		}
	}
	n := rapid.IntRange(0, 12).Draw(t, "calls")
	for i := range n {
		id := fmt.Sprintf("r%d", i+1)
		path := rapid.SampledFrom(genPaths).Draw(t, "path")
		var b lab.Block
		switch rapid.IntRange(0, 9).Draw(t, "kind") {
		case 0, 1, 2, 3, 4:
			b = readOf(id, path)
		case 5, 6:
			b = writeOf(id, path, fmt.Sprintf("v%d\n", i+1))
		case 7:
			b = call(id, "halt", lab.Args{})
			path = ""
		default:
			b = call(id, "fetch", lab.Args{"url": path})
		}
		sc.calls = append(sc.calls, b)
		key := b.Name + " " + path
		if _, ok := sc.delays[key]; !ok {
			sc.delays[key] = time.Duration(rapid.IntRange(1, 40).Draw(t, "ms")) * ms
		}
	}
	return sc
})

// generatedSplits is two data sets of generated replies for Batches.
func generatedSplits() any {
	var all []play.Split
	for seed := range generatedSplitCount {
		all = append(all, splitGen.Example(seed))
	}
	slices.SortStableFunc(all, func(a, b play.Split) int { return len(a.Calls) - len(b.Calls) })
	for i := range all {
		all[i].What = fmt.Sprintf("Generated reply %d (%s)", i+1, checkkit.Plural(len(all[i].Calls), "call"))
	}
	return checkkit.Generated(all, "replies")
}

// generatedRuns is two data sets of generated replies for RunCalls.
func generatedRuns() any {
	var all []play.Run
	for seed := range generatedRunCount {
		r := toRun(runGen.Example(seed), seed%8 == 7)
		r.Deadline = seed%3 == 1
		all = append(all, r)
	}
	slices.SortStableFunc(all, func(a, b play.Run) int { return len(a.Calls) - len(b.Calls) })
	for i := range all {
		all[i].What = fmt.Sprintf("Generated reply %d (%s)", i+1, checkkit.Plural(len(all[i].Calls), "call"))
		switch {
		case all[i].Cancelled && all[i].Deadline:
			all[i].What += ", on a run whose deadline passed before RunCalls was called"
		case all[i].Cancelled:
			all[i].What += ", on a run stopped before RunCalls was called"
		case all[i].Deadline:
			all[i].What += ", where halt makes the run's deadline pass"
		}
	}
	return checkkit.Generated(all, "replies")
}

// judgeRunsAgree compares each generated run with the reference's: the
// results, which calls ran, the files afterwards, writes alone, and the time
// on the clock.
func judgeRunsAgree(c *checkkit.C, yours, ref checkkit.Observed) {
	eachRun(c, yours, ref, func(r play.Run, got, want play.Ran) {
		writesAlone(c, r, got, false)
		compareResults(c, r.What, want.Results, got.Results)
		c.Equal(r.What+": these calls should have run (listed here in alphabetical order)", runWords(want.Spans), runWords(got.Spans))
		sameFiles(c, r.What, want.Files, got.Files)
		if !c.Failed() {
			onTime(c, r, got, want, "Calls that may run together should run at the same time.")
		}
	})
}
