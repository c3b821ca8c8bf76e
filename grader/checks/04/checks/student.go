package checks

import (
	"harnesslab/grader/checkkit"
	"harnesslab/lab"
)

// Student is the student's code as the checks call it. The check program's
// main fills it in from harness.go; keeping the checks out of package main
// means they are compiled once, and only a small main is compiled again for
// each copy of harness.go.
type Student struct {
	RunTool      func(tools []lab.Tool, call lab.Block) lab.Message
	MakeReadTool func(ws *lab.Workspace) lab.Tool
	RunLoop      func(model lab.Model, messages []lab.Message, tools []lab.Tool, maxSteps int) ([]lab.Message, Result)
	Chat         func(model lab.Model, messages []lab.Message, text string, tools []lab.Tool) ([]lab.Message, Result)
	Answered     string
	GaveUp       string
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
	"error_results_quote_call":       errorResultsQuoteCall,
	"missing_input_named_first":      missingInputNamedFirst,
	"model_corrects_itself":          modelCorrectsItself,
	"panic_gets_error_result":        panicGetsErrorResult,
	"run_survives_panic":             runSurvivesPanic,
	"several_failures_in_order":      severalFailuresInOrder,
	"tool_error_gets_error_result":   toolErrorGetsErrorResult,
	"unknown_tool_gets_error_result": unknownToolGetsErrorResult,
	"working_call_unchanged":         workingCallUnchanged,
}
