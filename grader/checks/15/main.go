// Command 15 is the check program of lesson 15, "Waiting well". It is
// built, under the race detector, together with the student's files and runs
// one check per call:
//
//	15 hang_times_out
package main

import (
	"context"
	"time"

	"harnesslab/grader/checkkit"
	"harnesslab/grader/checks/15/checks"
	"harnesslab/lab"
	harness "harnesslab/lessons/15-waiting-well"
)

func main() {
	checks.S = checks.Student{
		RunCall: func(ctx context.Context, jobs []checks.Job, call lab.Block, limit time.Duration) lab.Message {
			return harness.RunCall(ctx, jobsOf(jobs), call, limit)
		},
		RunCallsWithin: func(ctx context.Context, jobs []checks.Job, calls []lab.Block, limit time.Duration) []lab.Message {
			return harness.RunCallsWithin(ctx, jobsOf(jobs), calls, limit)
		},
		RunLoopWithin: func(ctx context.Context, model lab.Model, messages []lab.Message, jobs []checks.Job, maxSteps int, limit time.Duration) ([]lab.Message, checks.Result) {
			out, r := harness.RunLoopWithin(ctx, model, messages, jobsOf(jobs), maxSteps, limit)
			return out, checks.Result{Status: string(r.Status), Text: r.Text, Steps: r.Steps}
		},
		ShowStream: harness.ShowStream,
	}
	checkkit.Main(checks.Checks)
}

// jobsOf turns the checks' jobs into the student's type.
func jobsOf(jobs []checks.Job) []harness.Job {
	if jobs == nil {
		return nil
	}
	out := make([]harness.Job, len(jobs))
	for i, j := range jobs {
		out[i] = harness.Job{Name: j.Name, Description: j.Description, Parameters: j.Parameters, Execute: j.Execute}
	}
	return out
}
