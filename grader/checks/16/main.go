// Command 16 is the player of lesson 16, "Patch, a small coding agent". It
// is built together with the student's files, and plays one check's scenario
// per run, recording what the student's code did for the judge
// (grader/checks/16/judge), which decides:
//
//	LABRUN_SCENARIO=scenario.json 16 allowed_commands_run
package main

import (
	"harnesslab/grader/checkkit"
	"harnesslab/grader/checks/16/play"
	harness "harnesslab/lessons/16-patch"
)

func main() {
	play.S = play.Student{
		MakeRunCommandTool: harness.MakeRunCommandTool,
		RunTool:            harness.RunTool,
		Patch:              patch,
	}
	checkkit.Main(play.Plays)
}

// patch runs the package's Patch on the play's copy of a job, and returns
// the play's copy of its result. The judge holds the same function, for the
// reference's package.
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
