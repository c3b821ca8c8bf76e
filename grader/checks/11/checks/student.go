// Package checks holds the checks of lesson 11, "Several calls at once".
package checks

import (
	"context"

	"harnesslab/grader/checkkit"
	"harnesslab/lab"
)

// Student is the student's code as the checks call it. The check program's
// main fills it in from parallel.go; keeping the checks out of package main
// means they are compiled once. Effect classes travel as plain strings
// ("read", "write", ...), the values of the lesson's Effect constants.
type Student struct {
	Batches  func(effects map[string]string, calls []lab.Block) [][]int
	RunCalls func(ctx context.Context, tools []lab.Tool, effects map[string]string, calls []lab.Block) []lab.Message
}

// S is the student's code under check.
var S Student

// The lesson's values, as the kit knows them. Checks build what they expect
// from these, never from the student's file.
const (
	read          = "read"
	write         = "write"
	external      = "external"
	irreversible  = "irreversible"
	cancelledText = "Error: cancelled before it ran; ask for it again if you still need it"
)

// Checks holds every check of the lesson, by name. The scripts NN_name.txtar
// say which to run, in what order, and what each one promises the student.
var Checks = map[string]checkkit.Check{
	"batches_edge_cases":          batchesEdgeCases,
	"cancelled_before_start":      cancelledBeforeStart,
	"cancelled_calls_get_results": cancelledCallsGetResults,
	"each_call_runs_once":         eachCallRunsOnce,
	"reads_run_at_once":           readsRunAtOnce,
	"reads_share_a_batch":         readsShareABatch,
	"results_by_id":               resultsByID,
	"results_in_call_order":       resultsInCallOrder,
	"unknown_effect_runs_alone":   unknownEffectRunsAlone,
	"write_runs_alone":            writeRunsAlone,
	"writes_in_listed_order":      writesInListedOrder,
	"writes_split_batches":        writesSplitBatches,
}
