// Command 10 is the check program of lesson 10, "Edits that don't clobber".
// It is built together with the student's files and runs one check per call:
//
//	10 edit_replaces_one_place
package main

import (
	"harnesslab/grader/checkkit"
	"harnesslab/grader/checks/10/checks"
	"harnesslab/lab"
	harness "harnesslab/lessons/10-edits-that-dont-clobber"
)

func main() {
	checks.S = checks.Student{
		NewEdits: func(ws *lab.Workspace) checks.Edits {
			e := harness.NewEdits(ws)
			return checks.Edits{Track: e.Track, EditTool: e.EditTool, Undo: e.Undo}
		},
		RunTool: harness.RunTool,
		Chat: func(model lab.Model, messages []lab.Message, text string, tools []lab.Tool) ([]lab.Message, checks.Result) {
			out, r := harness.Chat(model, messages, text, tools)
			return out, checks.Result{Status: string(r.Status), Text: r.Text, Steps: r.Steps}
		},
	}
	checkkit.Main(checks.Checks)
}
