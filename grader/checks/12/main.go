// Command 12 is the player of lesson 12, "Sending less". It is built
// together with the student's files, and plays one check's scenario per run,
// recording what the student's code did for the judge
// (grader/checks/12/judge), which decides:
//
//	LABRUN_SCENARIO=scenario.json 12 trim_fits_budget
package main

import (
	"harnesslab/grader/checkkit"
	"harnesslab/grader/checks/12/play"
	harness "harnesslab/lessons/12-sending-less"
)

func main() {
	play.S = student()
	checkkit.Main(play.Plays)
}

// student is the code under play, from the files built with this program.
func student() play.Student {
	return play.Student{
		RequestTokens: harness.RequestTokens,
		Trim:          harness.Trim,
		Compact:       harness.Compact,
		Repair:        harness.Repair,
	}
}
