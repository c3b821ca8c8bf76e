// Package checks holds the judgements of lesson 11, "Several calls at once":
// each check's scenario, and how the student's play of it is compared with
// the reference's. Only the judge links it (see grader/checks/11/judge); the
// player links package play alone.
package checks

import (
	"fmt"
	"sort"
	"strings"
	"time"

	"harnesslab/grader/checkkit"
	"harnesslab/lab"
)

// The lesson's values, as the kit knows them.
const (
	read         = "read"
	write        = "write"
	external     = "external"
	irreversible = "irreversible"
	ms           = time.Millisecond
)

// Judges holds every check of the lesson, by name. The scripts NN_name.txtar
// say which to run, in what order, and what each one promises the student.
var Judges = map[string]checkkit.Judgement{
	"batches_agree":               {Scenario: generatedSplits, Judge: judgeSplits},
	"batches_edge_cases":          {Scenario: edgeCaseSplits, Judge: judgeSplits},
	"cancelled_before_start":      {Scenario: cancelledBeforeStartRuns, Judge: judgeCancelledBeforeStart},
	"cancelled_calls_get_results": {Scenario: cancelledRuns, Judge: judgeCancelled},
	"each_call_runs_once":         {Scenario: eachCallRuns, Judge: judgeEachCallRunsOnce},
	"reads_run_at_once":           {Scenario: readsAtOnceRuns, Judge: judgeReadsRunAtOnce},
	"reads_share_a_batch":         {Scenario: readSplits, Judge: judgeSplits},
	"results_by_id":               {Scenario: byIDRuns, Judge: judgeResultsByID},
	"results_in_call_order":       {Scenario: callOrderRuns, Judge: judgeResultsInCallOrder},
	"run_calls_agree":             {Scenario: generatedRuns, Judge: judgeRunsAgree},
	"unknown_effect_runs_alone":   {Scenario: unknownEffectSplits, Judge: judgeSplits},
	"write_runs_alone":            {Scenario: writeAloneRuns, Judge: judgeWriteRunsAlone},
	"writes_in_listed_order":      {Scenario: listedOrderRuns, Judge: judgeWritesInListedOrder},
	"writes_split_batches":        {Scenario: writeSplits, Judge: judgeSplits},
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

// kitBatches splits calls the way the lesson says: read-only calls next to
// each other share a batch, every other call is a batch of its own. The
// judge uses it to script the Timeline's rounds, never as the answer.
func kitBatches(effects map[string]string, calls []lab.Block) [][]int {
	var out [][]int
	reads := false
	for i, b := range calls {
		if effects[b.Name] != read {
			out, reads = append(out, []int{i}), false
			continue
		}
		if !reads {
			out, reads = append(out, nil), true
		}
		out[len(out)-1] = append(out[len(out)-1], i)
	}
	return out
}

// showCalls writes calls as the student reads them: "0:read(a.txt)".
func showCalls(calls []lab.Block) string {
	parts := make([]string, len(calls))
	for i, b := range calls {
		parts[i] = fmt.Sprintf("%d:%s(%s)", i, b.Name, argWords(b.Arguments))
	}
	return strings.Join(parts, " ")
}

// argWords writes a call's arguments, in key order.
func argWords(args lab.Args) string {
	keys := make([]string, 0, len(args))
	for k := range args {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	var out []string
	for _, k := range keys {
		out = append(out, fmt.Sprintf("%q", fmt.Sprint(args[k])))
	}
	return strings.Join(out, ", ")
}
