// Package checks holds the checks of lesson 06, "Big outputs". They call the
// student's code through S, and build everything they expect from the kit's
// own copy of the lesson's rules (kit.go), never from the student's file.
package checks

import (
	"harnesslab/grader/checkkit"
	"harnesslab/lab"
)

// Student is the student's code as the checks call it. The check program's
// main fills it in from harness.go and outputs.go; keeping the checks out of
// package main means they are compiled once, and only a small main is
// compiled again for each copy of the student's files.
type Student struct {
	Preview           func(output, artifact string) string
	KeepBigOutputs    func(tools []lab.Tool, ws *lab.Workspace) []lab.Tool
	CutItems          func(list string, maxChars int) (string, error)
	Page              func(text string, offset, limit int) (string, error)
	Search            func(ws *lab.Workspace, query string) (string, error)
	MakeReadLinesTool func(ws *lab.Workspace) lab.Tool
	MakeSearchTool    func(ws *lab.Workspace) lab.Tool
	Chat              func(model lab.Model, messages []lab.Message, text string, tools []lab.Tool) ([]lab.Message, Result)
	Values            Values // only for the check that says whether they still hold the lesson's values
}

// Values are the constants of outputs.go, under the names a student reads.
type Values struct {
	HeadLines  int
	TailLines  int
	OutputsDir string
	PageLines  int
	MaxHits    int
}

// S is the student's code under check.
var S Student

// Result is how a run of the student's loop ended, copied from harness.Result.
type Result struct {
	Status string
	Text   string
	Steps  int
}

// Checks holds every check of the lesson, by name. The scripts NN_name.txtar
// say which to run, in what order, and what each one promises the student.
var Checks = map[string]checkkit.Check{
	"artifact_never_overwrites":       artifactNeverOverwrites,
	"big_run_stays_under_bill":        bigRunStaysUnderBill,
	"caller_tools_unchanged":          callerToolsUnchanged,
	"failures_pass_through":           failuresPassThrough,
	"full_output_kept_whole":          fullOutputKeptWhole,
	"json_budget_edges":               jsonBudgetEdges,
	"json_cut_at_whole_items":         jsonCutAtWholeItems,
	"lesson_values_kept":              lessonValuesKept,
	"page_refuses_bad_offsets":        pageRefusesBadOffsets,
	"page_reports_totals":             pageReportsTotals,
	"preview_keeps_head_and_tail":     previewKeepsHeadAndTail,
	"preview_keeps_lines_as_they_are": previewKeepsLinesAsTheyAre,
	"search_lines_not_files":          searchLinesNotFiles,
	"small_outputs_untouched":         smallOutputsUntouched,
}
