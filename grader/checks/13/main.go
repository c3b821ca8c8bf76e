// Command 13 is the player of lesson 13, "Ending with data". It is built
// together with the student's files, and plays one check's scenario per run,
// recording what the student's code did for the judge
// (grader/checks/13/judge), which decides:
//
//	LABRUN_SCENARIO=scenario.json 13 result_from_arguments
package main

import (
	"harnesslab/grader/checkkit"
	"harnesslab/grader/checks/13/play"
	harness "harnesslab/lessons/13-ending-with-data"
)

func main() {
	play.S = play.Adapt(harness.RunTask, harness.CheckClaim)
	checkkit.Main(play.Plays)
}
