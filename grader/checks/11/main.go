// Command 11 is the player of lesson 11, "Several calls at once". It is
// built, under the race detector, together with the student's files, and
// plays one check's scenario per run, recording what the student's code did
// for the judge (grader/checks/11/judge), which decides:
//
//	LABRUN_SCENARIO=scenario.json 11 reads_share_a_batch
package main

import (
	"harnesslab/grader/checkkit"
	"harnesslab/grader/checks/11/play"
	harness "harnesslab/lessons/11-several-calls-at-once"
)

func main() {
	play.S = play.Adapt(harness.Batches, harness.RunCalls)
	checkkit.Main(play.Plays)
}
