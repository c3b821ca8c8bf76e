// Command judge is the judge of lesson 16, "Patch, a small coding agent". It
// is built with the reference solution in the place of the student's files,
// and never with student code: it writes each check's scenario, plays it
// with the reference, and compares the player's record of the student's
// code with the reference's (see checkkit.JudgeMain).
//
//	judge scenarios
//	judge < observations.json
package main

import (
	"harnesslab/grader/checkkit"
	"harnesslab/grader/checks/16/checks"
	"harnesslab/grader/checks/16/play"
	harness "harnesslab/lessons/16-patch"
)

func main() {
	play.S = play.Student{
		MakeRunCommandTool: harness.MakeRunCommandTool,
		RunTool:            harness.RunTool,
		Patch:              patch,
	}
	checkkit.JudgeMain(play.Plays, checks.Judges)
}

// patch runs the reference's Patch on the play's copy of a job, and returns
// the play's copy of its result, as the player's main does for the
// student's.
func patch(job play.Job) play.Outcome {
	var ask harness.AskFunc
	if job.Ask != nil {
		ask = job.Ask
	}
	r := harness.Patch(harness.PatchJob{Model: job.Model, Repo: job.Repo, Commands: job.Commands,
		Ask: ask, Task: job.Task, Budget: job.Budget})
	out := play.Outcome{Messages: r.Messages, Copy: r.Copy, Status: string(r.Status), Text: r.Text,
		Steps: r.Steps, Spent: r.Spent, TestsPass: r.TestsPass}
	for _, e := range r.Log.Entries {
		out.Log = append(out.Log, play.Entry{Tool: e.Tool, Args: e.Args, Verdict: string(e.Verdict),
			Reason: e.Reason, Approved: e.Approved})
	}
	return out
}
