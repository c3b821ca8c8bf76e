// Command 16 is the check program of lesson 16, "Patch, a small coding
// agent". It is built together with the student's files and runs one check
// per call:
//
//	16 allowed_commands_run
package main

import (
	"harnesslab/grader/checkkit"
	"harnesslab/grader/checks/16/checks"
	harness "harnesslab/lessons/16-patch"
)

func main() {
	checks.S = checks.Student{
		MakeRunCommandTool: harness.MakeRunCommandTool,
		RunTool:            harness.RunTool,
		Patch:              patch,
	}
	checkkit.Main(checks.Checks)
}

// patch runs the student's Patch on the checks' copy of a job, and returns
// the checks' copy of its result.
func patch(job checks.Job) checks.Outcome {
	var ask harness.AskFunc
	if job.Ask != nil {
		ask = job.Ask
	}
	r := harness.Patch(harness.PatchJob{Model: job.Model, Repo: job.Repo, Commands: job.Commands,
		Ask: ask, Task: job.Task, Budget: job.Budget})
	out := checks.Outcome{Messages: r.Messages, Copy: r.Copy, Status: string(r.Status), Text: r.Text,
		Steps: r.Steps, Spent: r.Spent, TestsPass: r.TestsPass}
	for _, e := range r.Log.Entries {
		out.Log = append(out.Log, checks.Entry{Tool: e.Tool, Args: e.Args, Verdict: string(e.Verdict),
			Reason: e.Reason, Approved: e.Approved})
	}
	return out
}
