// Command 05 is the player of lesson 05, "The contract". It is built together
// with the student's harness.go and schema.go, and plays one check's scenario
// per run, recording what the student's code did for the judge
// (grader/checks/05/judge), which decides:
//
//	LABRUN_SCENARIO=scenario.json 05 wrong_type_named
package main

import (
	"harnesslab/grader/checkkit"
	"harnesslab/grader/checks/05/play"
	harness "harnesslab/lessons/05-the-contract"
)

func main() {
	play.S = play.Adapt(harness.Validate, harness.InWorkspace, harness.RunTool, harness.MakeReadTool,
		harness.Chat, harness.SchemaOf, harness.ToolOf)
	checkkit.Main(play.Plays)
}
