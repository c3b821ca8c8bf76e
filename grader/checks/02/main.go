// Command 02 is the check program of lesson 02, "The model can only talk". The
// grader compiles it together with a student's harness.go and runs it once per
// check, as `02 NAME`.
package main

import "harnesslab/grader/checkkit"

// checks holds every check of the lesson, by name. The scripts NN_name.txtar
// say which to run, in what order, and what each one promises the student.
var checks = map[string]checkkit.Check{
	"answer_has_port":             answerHasPort,
	"calls_from_content":          callsFromContent,
	"calls_in_order":              callsInOrder,
	"list_is_valid":               listIsValid,
	"named_tool_runs":             namedToolRuns,
	"no_tools_one_call":           noToolsOneCall,
	"result_points_back":          resultPointsBack,
	"second_request_holds_result": secondRequestHoldsResult,
	"tools_in_every_request":      toolsInEveryRequest,
	"two_files_in_call_order":     twoFilesInCallOrder,
}

func main() { checkkit.Main(checks) }
