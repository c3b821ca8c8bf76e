// Package checks holds the judgements of lesson 12, "Sending less": each
// check's scenario, and how the student's play of it is compared with the
// reference's. Only the judge links it (see grader/checks/12/judge); the
// player links package play alone.
package checks

import (
	"harnesslab/grader/checkkit"
	"harnesslab/grader/checks/12/play"
)

// The lesson's words, as the kit knows them.
const (
	system        = "You are a helpful assistant."
	summaryPrompt = "You write summaries of conversations for your own later use. Keep every name, number, file and decision the user gave; leave out small talk."
	summaryAsk    = "Summarize the conversation so far."
	summaryPrefix = "Previous conversation summary:\n"
	interrupted   = "Tool call interrupted by user"
)

// Judges holds every check of the lesson, by name. The scripts NN_name.txtar
// say which to run, in what order, and what each one promises the student.
var Judges = map[string]checkkit.Judgement{
	"request_billed_whole":          {Scenario: billScenario, Judge: judgeBills},
	"trim_fits_budget":              {Scenario: trimFitsScenario, Judge: judgeTrims},
	"trim_keeps_calls_with_results": {Scenario: trimCallsScenario, Judge: judgeTrims},
	"trim_keeps_newest_turn":        {Scenario: trimNewestScenario, Judge: judgeTrims},
	"trim_leaves_caller_list":       {Scenario: trimCallerScenario, Judge: judgeTrimCaller},
	"trim_agrees":                   {Scenario: generatedTrims, Judge: judgeTrims},
	"compact_asks_for_summary":      {Scenario: compactAskScenario, Judge: judgeCompactAsks},
	"compact_keeps_recent_turns":    {Scenario: compactKeepScenario, Judge: judgeCompactKeeps},
	"compact_short_list_unchanged":  {Scenario: compactShortScenario, Judge: judgeCompactShort},
	"compact_leaves_caller_list":    {Scenario: compactCallerScenario, Judge: judgeCompactCaller},
	"compact_agrees":                {Scenario: generatedCompacts, Judge: judgeCompactsAgree},
	"repair_keeps_valid_lists":      {Scenario: repairValidScenario, Judge: judgeRepairs},
	"repair_interrupts_missing":     {Scenario: repairMissingScenario, Judge: judgeRepairs},
	"repair_drops_strays":           {Scenario: repairStraysScenario, Judge: judgeRepairs},
	"repair_moves_late_results":     {Scenario: repairLateScenario, Judge: judgeRepairs},
	"repair_prefers_real_result":    {Scenario: repairRealScenario, Judge: judgeRepairs},
	"repair_random_histories":       {Scenario: repairRandomScenario, Judge: judgeRandomRepairs},
	"repair_agrees":                 {Scenario: generatedRepairs, Judge: judgeRepairs},
}

// eachCase judges every case of every data set of the scenario, the way
// checkkit.Scenarios runs them, with the student's record of it and the
// reference's; it stops a data set at the first case judge fails.
func eachCase[T, O any](c *checkkit.C, yours, ref checkkit.Observed, judge func(tc T, got, want O) bool) {
	checkkit.EachScenario(c, checkkit.Scenario[[]checkkit.Data[[]T]](c), func(k int, cases []T) {
		for i, tc := range cases {
			want := checkkit.Get[O](c, ref, play.Key(k, i))
			got := checkkit.Get[O](c, yours, play.Key(k, i))
			if !judge(tc, got, want) {
				return
			}
		}
	})
}

// sets is one data set of cases for each name, in order.
func sets[T any](names []string, cases ...[]T) []checkkit.Data[[]T] {
	out := make([]checkkit.Data[[]T], len(names))
	for k, name := range names {
		out[k] = checkkit.Data[[]T]{Name: name, Data: cases[k]}
	}
	return out
}
