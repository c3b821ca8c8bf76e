// Command judge is the judge of lesson 15, "Waiting well". It is built with
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
	"harnesslab/grader/checks/15/checks"
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
	checkkit.JudgeMain(play.Plays, checks.Judges)
}
