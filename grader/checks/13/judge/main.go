// Command judge is the judge of lesson 13, "Ending with data". It is built
// with the reference solution in the place of the student's files, and never
// with student code: it writes each check's scenario, plays it with the
// reference, and compares the player's record of the student's code with the
// reference's (see checkkit.JudgeMain).
//
//	judge scenarios
//	judge < observations.json
package main

import (
	"harnesslab/grader/checkkit"
	"harnesslab/grader/checks/13/checks"
	"harnesslab/grader/checks/13/play"
	harness "harnesslab/lessons/13-ending-with-data"
)

func main() {
	play.S = play.Adapt(harness.RunTask, harness.CheckClaim)
	checkkit.JudgeMain(play.Plays, checks.Judges)
}
