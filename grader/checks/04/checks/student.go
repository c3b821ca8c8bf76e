package checks

import (
	"harnesslab/grader/checkkit"
	"harnesslab/lab"
)

// Student is the student's code as the checks call it. The check program's
// main fills it in from harness.go; keeping the checks out of package main
// means they are compiled once, and only a small main is compiled again for
// each copy of harness.go.
//
// The constants are here only so that one check can say whether they still
// hold the lesson's values: every other check expects the kit's own values
// (system, answered, gaveUp, maxSteps) and hands out the kit's own tools.
type Student struct {
	RunTool      func(tools []lab.Tool, call lab.Block) lab.Message
	MakeReadTool func(ws *lab.Workspace) lab.Tool
	RunLoop      func(model lab.Model, messages []lab.Message, tools []lab.Tool, maxSteps int) ([]lab.Message, Result)
	Chat         func(model lab.Model, messages []lab.Message, text string, tools []lab.Tool) ([]lab.Message, Result)
	System       string
	Answered     string
	GaveUp       string
	MaxSteps     int
}

// S is the student's code under check.
var S Student

// Result is how a run of the student's loop ended, copied from harness.Result.
type Result struct {
	Status string
	Text   string
	Steps  int
}

// The lesson's values, as the kit knows them. Checks build what they expect
// from these, never from the student's file.
const (
	system   = "You are a helpful assistant."
	answered = "answered"
	gaveUp   = "gave up"
	maxSteps = 8
)

// Checks holds every check of the lesson, by name. The scripts NN_name.txtar
// say which to run, in what order, and what each one promises the student.
var Checks = map[string]checkkit.Check{
	"error_results_quote_call":       errorResultsQuoteCall,
	"failed_calls_within_budget":     failedCallsWithinBudget,
	"given_inputs_reach_the_tool":    givenInputsReachTheTool,
	"lesson_values_kept":             lessonValuesKept,
	"missing_input_named_first":      missingInputNamedFirst,
	"model_corrects_itself":          modelCorrectsItself,
	"panic_gets_error_result":        panicGetsErrorResult,
	"run_survives_panic":             runSurvivesPanic,
	"several_failures_in_order":      severalFailuresInOrder,
	"tool_error_gets_error_result":   toolErrorGetsErrorResult,
	"unknown_tool_gets_error_result": unknownToolGetsErrorResult,
	"working_call_unchanged":         workingCallUnchanged,
}
