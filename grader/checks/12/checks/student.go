package checks

import (
	"harnesslab/grader/checkkit"
	"harnesslab/lab"
)

// Student is the student's code as the checks call it. The check program's
// main fills it in from compact.go; keeping the checks out of package main
// means they are compiled once.
type Student struct {
	RequestTokens func(system string, messages []lab.Message, specs []lab.Spec) int
	Trim          func(system string, messages []lab.Message, specs []lab.Spec, budget int) []lab.Message
	Compact       func(model lab.Model, messages []lab.Message, keep int) []lab.Message
	Repair        func(messages []lab.Message) []lab.Message
}

// S is the student's code under check.
var S Student

// The lesson's words, as the kit knows them. Checks build what they expect
// from these, never from the student's file.
const (
	system        = "You are a helpful assistant."
	summaryPrompt = "You write summaries of conversations for your own later use. Keep every name, number, file and decision the user gave; leave out small talk."
	summaryAsk    = "Summarize the conversation so far."
	summaryPrefix = "Previous conversation summary:\n"
	interrupted   = "Tool call interrupted by user"
)

// Checks holds every check of the lesson, by name. The scripts NN_name.txtar
// say which to run, in what order, and what each one promises the student.
var Checks = map[string]checkkit.Check{
	"compact_asks_for_summary":      compactAsksForSummary,
	"compact_keeps_recent_turns":    compactKeepsRecentTurns,
	"compact_leaves_caller_list":    compactLeavesCallerList,
	"compact_short_list_unchanged":  compactShortListUnchanged,
	"repair_drops_strays":           repairDropsStrays,
	"repair_interrupts_missing":     repairInterruptsMissing,
	"repair_keeps_valid_lists":      repairKeepsValidLists,
	"repair_moves_late_results":     repairMovesLateResults,
	"repair_prefers_real_result":    repairPrefersRealResult,
	"repair_random_histories":       repairRandomHistories,
	"request_billed_whole":          requestBilledWhole,
	"trim_fits_budget":              trimFitsBudget,
	"trim_keeps_calls_with_results": trimKeepsCallsWithResults,
	"trim_keeps_newest_turn":        trimKeepsNewestTurn,
	"trim_leaves_caller_list":       trimLeavesCallerList,
}
