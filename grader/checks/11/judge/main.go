// Command judge is the judge of lesson 11, "Several calls at once". It is
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
	"harnesslab/grader/checks/11/checks"
	"harnesslab/grader/checks/11/play"
	harness "harnesslab/lessons/11-several-calls-at-once"
)

func main() {
	play.S = play.Adapt(harness.Batches, harness.RunCalls)
	checkkit.JudgeMain(play.Plays, checks.Judges)
}
