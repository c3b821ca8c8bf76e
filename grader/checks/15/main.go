// Command 15 is the player of lesson 15, "Waiting well". It is built, under
// the race detector, together with the student's files, and plays one
// check's scenario per run, recording what the student's code did for the
// judge (grader/checks/15/judge), which decides:
//
//	LABRUN_SCENARIO=scenario.json 15 hang_times_out
package main

import (
	"harnesslab/grader/checkkit"
	"harnesslab/grader/checks/15/play"
	harness "harnesslab/lessons/15-waiting-well"
)

func main() {
	play.S = play.Adapt(harness.RunCall, harness.RunCallsWithin, harness.RunLoopWithin, harness.ShowStream,
		func(j play.Job) harness.Job {
			return harness.Job{Name: j.Name, Description: j.Description, Parameters: j.Parameters, Execute: j.Execute}
		},
		func(r harness.Result) play.Result {
			return play.Result{Status: string(r.Status), Text: r.Text, Steps: r.Steps}
		})
	checkkit.Main(play.Plays)
}
