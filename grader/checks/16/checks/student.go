// Package checks holds the checks of lesson 16, "Patch, a small coding
// agent". The check program's main fills in S from the student's package.
package checks

import (
	"harnesslab/grader/checkkit"
	"harnesslab/lab"
)

// Student is the student's code as the checks call it. The check program's
// main fills it in from patch.go and harness.go; keeping the checks out of
// package main means they are compiled once.
type Student struct {
	MakeRunCommandTool func(ws *lab.Workspace, commands lab.Commands) lab.Tool
	RunTool            func(tools []lab.Tool, call lab.Block) lab.Message
	Patch              func(job Job) Outcome
}

// Job is the checks' copy of the student's PatchJob.
type Job struct {
	Model    lab.Model
	Repo     *lab.Workspace
	Commands lab.Commands
	Ask      func(tool string, args lab.Args) bool
	Task     string
	Budget   int
}

// Outcome is the checks' copy of the student's PatchResult.
type Outcome struct {
	Messages  []lab.Message
	Copy      *lab.Workspace
	Status    string
	Text      string
	Steps     int
	Spent     int
	TestsPass bool
	Log       []Entry
}

// Entry is the checks' copy of one line of the student's policy log.
type Entry struct {
	Tool     string
	Args     lab.Args
	Verdict  string
	Reason   string
	Approved bool
}

// S is the student's code under check.
var S Student

// The lesson's words and figures, as the kit knows them. Checks build what
// they expect from these, never from the student's file.
const (
	patchSystem    = "You fix failing Go tests. Find the bug with search and read, fix it with edit, and check your fix with run_command: go test ./..."
	patchBudget    = 8000
	commandRefused = "command %q is not allowed: run go test or go vet, with package patterns such as ./... or ./calc"
	notApproved    = "Error: not approved: a person said no to run_command; do not ask for it again"
	answered       = "answered"
	overBudget     = "over budget"
)

// Checks holds every check of the lesson, by name. The scripts NN_name.txtar
// say which to run, in what order, and what each one promises the student.
var Checks = map[string]checkkit.Check{
	"allowed_commands_run":       allowedCommandsRun,
	"bill_within_budget":         billWithinBudget,
	"big_outputs_kept":           bigOutputsKept,
	"claims_checked":             claimsChecked,
	"commands_asked_first":       commandsAskedFirst,
	"every_call_answered":        everyCallAnswered,
	"failing_run_is_a_result":    failingRunIsAResult,
	"lookalike_commands_refused": lookalikeCommandsRefused,
	"other_commands_refused":     otherCommandsRefused,
	"reads_at_once":              readsAtOnce,
	"repo_left_untouched":        repoLeftUntouched,
	"run_command_offered":        runCommandOffered,
	"runner_failure_is_error":    runnerFailureIsError,
	"session_fixes_the_test":     sessionFixesTheTest,
	"stops_at_budget":            stopsAtBudget,
}
