// Command judge is the judge of lesson 05, "The contract". It is built with
// the reference solution in the place of the student's files, and never with
// student code: it writes each check's scenario, plays it with the
// reference, and compares the player's record of the student's code with the
// reference's (see checkkit.JudgeMain).
//
//	judge scenarios
//	judge < observations.json
package main

import (
	"harnesslab/grader/checkkit"
	"harnesslab/grader/checks/05/checks"
	"harnesslab/grader/checks/05/play"
	harness "harnesslab/lessons/05-the-contract"
)

func main() {
	play.S = play.Adapt(harness.Validate, harness.InWorkspace, harness.RunTool, harness.MakeReadTool,
		harness.Chat, harness.SchemaOf, harness.ToolOf)
	checkkit.JudgeMain(play.Plays, checks.Judges)
}
