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
	ToolCalls func(message lab.Message) []lab.Block
	RunTool   func(tools []lab.Tool, call lab.Block) lab.Message
	Chat      func(model lab.Model, messages []lab.Message, text string, tools []lab.Tool) ([]lab.Message, string)
}

// S is the student's code under check.
var S Student

// Checks holds every check of the lesson, by name. The scripts NN_name.txtar
// say which to run, in what order, and what each one promises the student.
var Checks = map[string]checkkit.Check{
	"answer_has_port":             answerHasPort,
	"calls_from_content":          callsFromContent,
	"calls_in_order":              callsInOrder,
	"failed_tool_not_a_success":   failedToolNotASuccess,
	"list_is_valid":               listIsValid,
	"named_tool_runs":             namedToolRuns,
	"next_turn_sends_list":        nextTurnSendsList,
	"no_tools_one_call":           noToolsOneCall,
	"result_points_back":          resultPointsBack,
	"same_call_twice":             sameCallTwice,
	"second_request_holds_result": secondRequestHoldsResult,
	"tools_in_every_request":      toolsInEveryRequest,
	"two_files_in_call_order":     twoFilesInCallOrder,
}
