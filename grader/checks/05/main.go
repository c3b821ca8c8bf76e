// Command 05 is the check program of lesson 05, "The contract". It is built
// together with the student's harness.go and schema.go and runs one check per
// call:
//
//	05 wrong_type_named
package main

import (
	"harnesslab/grader/checkkit"
	"harnesslab/grader/checks/05/checks"
	"harnesslab/lab"
	harness "harnesslab/lessons/05-the-contract"
)

func main() {
	checks.S = checks.Student{
		Validate:     harness.Validate,
		InWorkspace:  harness.InWorkspace,
		RunTool:      harness.RunTool,
		MakeReadTool: harness.MakeReadTool,
		SchemaOf:     harness.SchemaOf,
		ToolOf:       harness.ToolOf,
		Chat: func(model lab.Model, messages []lab.Message, text string, tools []lab.Tool) ([]lab.Message, checks.Result) {
			out, r := harness.Chat(model, messages, text, tools)
			return out, checks.Result{Status: string(r.Status), Text: r.Text, Steps: r.Steps}
		},
	}
	checkkit.Main(checks.Checks)
}
