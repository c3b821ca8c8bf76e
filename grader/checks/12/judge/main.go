// Command judge is the judge of lesson 12, "Sending less". It is built with
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
	"harnesslab/grader/checks/12/checks"
	"harnesslab/grader/checks/12/play"
	harness "harnesslab/lessons/12-sending-less"
)

func main() {
	play.S = play.Student{
		RequestTokens: harness.RequestTokens,
		Trim:          harness.Trim,
		Compact:       harness.Compact,
		Repair:        harness.Repair,
	}
	checkkit.JudgeMain(play.Plays, checks.Judges)
}
