// Command judge is the judge of lesson 10, "Edits that don't clobber". It is
// built with the reference solution in the place of the student's files, and
// never with student code: it writes each check's scenario, plays it with the
// reference, and compares the player's record of the student's code with the
// reference's (see checkkit.JudgeMain).
//
//	judge scenarios
//	judge < observations.json
package main

import (
	"harnesslab/grader/checkkit"
	"harnesslab/grader/checks/10/checks"
	"harnesslab/grader/checks/10/play"
	harness "harnesslab/lessons/10-edits-that-dont-clobber"
)

func main() {
	play.S = play.Adapt(harness.NewEdits, harness.RunTool, harness.Chat)
	checkkit.JudgeMain(play.Plays, checks.Judges)
}
