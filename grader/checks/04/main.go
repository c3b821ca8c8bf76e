// Command 04 is the check program of lesson 04, "When tools fail". It is
// built together with the student's harness.go and runs one check per call:
//
//	04 unknown_tool_gets_error_result
package main

import "harnesslab/grader/checkkit"

func main() { checkkit.Main(checks) }

// checks holds every check of the lesson, by name. Lab 1 (a failure is a
// result) is in lab1.go, lab 2 (even a panic) in lab2.go.
var checks = map[string]checkkit.Check{
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
