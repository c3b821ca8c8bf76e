// Command 03 is the check program of lesson 03, "The loop". It is built
// together with the student's harness.go and run once per check:
//
//	03 CHECK
//
// Lab 1 checks RunLoop: it runs tools until the model stops asking, within a
// budget of model calls owned by the code, and tells an answer from giving
// up. Lab 2 checks Chat, which runs the loop with a budget of MaxSteps.
package main

import (
	"harnesslab/grader/checkkit"
	"harnesslab/grader/checks/03/checks"
	"harnesslab/lab"
	harness "harnesslab/lessons/03-the-loop"
)

func main() {
	checks.S = checks.Student{
		RunLoop: func(model lab.Model, messages []lab.Message, tools []lab.Tool, maxSteps int) ([]lab.Message, checks.Result) {
			out, r := harness.RunLoop(model, messages, tools, maxSteps)
			return out, result(r)
		},
		Chat: func(model lab.Model, messages []lab.Message, text string, tools []lab.Tool) ([]lab.Message, checks.Result) {
			out, r := harness.Chat(model, messages, text, tools)
			return out, result(r)
		},
		Answered: string(harness.Answered),
		GaveUp:   string(harness.GaveUp),
		MaxSteps: harness.MaxSteps,
	}
	checkkit.Main(checks.Checks)
}

func result(r harness.Result) checks.Result {
	return checks.Result{Status: string(r.Status), Text: r.Text, Steps: r.Steps}
}
