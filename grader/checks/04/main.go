// Command 04 is the check program of lesson 04, "When tools fail". It is
// built together with the student's harness.go and runs one check per call:
//
//	04 unknown_tool_gets_error_result
package main

import (
	"harnesslab/grader/checkkit"
	"harnesslab/grader/checks/04/checks"
	"harnesslab/lab"
	harness "harnesslab/lessons/04-when-tools-fail"
)

func main() {
	checks.S = checks.Student{
		RunTool:      harness.RunTool,
		MakeReadTool: harness.MakeReadTool,
		RunLoop: func(model lab.Model, messages []lab.Message, tools []lab.Tool, maxSteps int) ([]lab.Message, checks.Result) {
			out, r := harness.RunLoop(model, messages, tools, maxSteps)
			return out, result(r)
		},
		Chat: func(model lab.Model, messages []lab.Message, text string, tools []lab.Tool) ([]lab.Message, checks.Result) {
			out, r := harness.Chat(model, messages, text, tools)
			return out, result(r)
		},
		System:   harness.System,
		Answered: string(harness.Answered),
		GaveUp:   string(harness.GaveUp),
		MaxSteps: harness.MaxSteps,
	}
	checkkit.Main(checks.Checks)
}

func result(r harness.Result) checks.Result {
	return checks.Result{Status: string(r.Status), Text: r.Text, Steps: r.Steps}
}
