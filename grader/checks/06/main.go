// Command 06 is the check program of lesson 06, "Big outputs". It is built
// together with the student's harness.go and outputs.go and runs one check
// per call:
//
//	06 preview_keeps_head_and_tail
package main

import (
	"harnesslab/grader/checkkit"
	"harnesslab/grader/checks/06/checks"
	"harnesslab/lab"
	harness "harnesslab/lessons/06-big-outputs"
)

func main() {
	checks.S = checks.Student{
		Preview:           harness.Preview,
		KeepBigOutputs:    harness.KeepBigOutputs,
		CutItems:          harness.CutItems,
		Page:              harness.Page,
		Search:            harness.Search,
		MakeReadLinesTool: harness.MakeReadLinesTool,
		MakeSearchTool:    harness.MakeSearchTool,
		Chat: func(model lab.Model, messages []lab.Message, text string, tools []lab.Tool) ([]lab.Message, checks.Result) {
			out, r := harness.Chat(model, messages, text, tools)
			return out, checks.Result{Status: string(r.Status), Text: r.Text, Steps: r.Steps}
		},
		Values: checks.Values{
			HeadLines:  harness.HeadLines,
			TailLines:  harness.TailLines,
			OutputsDir: harness.OutputsDir,
			PageLines:  harness.PageLines,
			MaxHits:    harness.MaxHits,
		},
	}
	checkkit.Main(checks.Checks)
}
