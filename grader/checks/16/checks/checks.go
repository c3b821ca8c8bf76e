// Package checks holds the judgements of lesson 16, "Patch, a small coding
// agent": each check's scenario, and how the student's play of it is
// compared with the reference's. Only the judge links it (see
// grader/checks/16/judge); the player links package play alone.
package checks

import (
	"fmt"
	"strings"

	"harnesslab/grader/checkkit"
	"harnesslab/grader/checks/16/play"
	"harnesslab/lab"
)

// The lesson's words and figures, as the kit knows them. Checks build what
// they expect from these, never from the student's file.
const (
	patchSystem    = "You fix failing Go tests. Find the bug with search and read, fix it with edit, and check your fix with run_command: go test ./..."
	patchBudget    = 8000
	maxSteps       = 8
	commandRefused = "command %q is not allowed: run go test or go vet, with package patterns such as ./... or ./calc"
	notApproved    = "Error: not approved: a person said no to run_command; do not ask for it again"
	answered       = "answered"
	gaveUp         = "gave up"
	overBudget     = "over budget"
)

// Judges holds every check of the lesson, by name. The scripts NN_name.txtar
// say which to run, in what order, and what each one promises the student.
var Judges = map[string]checkkit.Judgement{
	"allowed_commands_run":       {Scenario: data(allowedSets), Judge: judgeAllowedCommandsRun},
	"bill_within_budget":         {Scenario: sessions(storySessions), Judge: judgeBillWithinBudget},
	"big_outputs_kept":           {Scenario: sessions(storySessions), Judge: judgeBigOutputsKept},
	"claims_checked":             {Scenario: func() any { return claimSessions() }, Judge: judgeClaimsChecked},
	"commands_agree":             {Scenario: generatedCommands, Judge: judgeCommandsAgree},
	"commands_asked_first":       {Scenario: sessions(askSessions), Judge: judgeCommandsAskedFirst},
	"every_call_answered":        {Scenario: sessions(refusedSessions), Judge: judgeEveryCallAnswered},
	"failing_run_is_a_result":    {Scenario: data(failingSets), Judge: judgeFailingRunIsAResult},
	"lookalike_commands_refused": {Scenario: data(lookalikeSets), Judge: judgeRefused(lookalikeSets)},
	"other_commands_refused":     {Scenario: data(otherSets), Judge: judgeRefused(otherSets)},
	"patch_agrees":               {Scenario: generatedSessions, Judge: judgePatchAgrees},
	"reads_at_once":              {Scenario: sessions(readsSessions), Judge: judgeReadsAtOnce},
	"repo_left_untouched":        {Scenario: sessions(storySessions), Judge: judgeRepoLeftUntouched},
	"run_command_offered":        {Scenario: data(offeredSets), Judge: judgeRunCommandOffered},
	"runner_failure_is_error":    {Scenario: data(failureSets), Judge: judgeRunnerFailureIsError},
	"session_fixes_the_test":     {Scenario: sessions(storySessions), Judge: judgeSessionFixesTheTest},
	"stops_at_budget":            {Scenario: sessions(cutSessions), Judge: judgeStopsAtBudget},
}

// data returns a scenario that is sets, as they are.
func data[T any](sets []checkkit.Data[T]) func() any {
	return func() any { return sets }
}

// sessions returns a scenario of one session per data set of the sets build
// makes.
func sessions(build func() []checkkit.Data[play.Session]) func() any {
	return func() any {
		sets := build()
		out := make([]checkkit.Data[[]play.Session], len(sets))
		for k, set := range sets {
			out[k] = checkkit.Data[[]play.Session]{Name: set.Name, Data: []play.Session{set.Data}, Fresh: set.Fresh}
		}
		return out
	}
}

// eachSession judges the one session of every data set of sets, with the
// student's play of it (got) and the reference's (want), after checking what
// holds of every play of the reference.
func eachSession(c *checkkit.C, yours, ref checkkit.Observed, sets []checkkit.Data[play.Session], judge func(s play.Session, got, want play.Ran)) {
	checkkit.EachScenario(c, sets, func(k int, s play.Session) {
		got := checkkit.Get[play.Ran](c, yours, play.SessionKey(k, 0))
		want := checkkit.Get[play.Ran](c, ref, play.SessionKey(k, 0))
		referencePlays(c, s.What, want)
		checkkit.LogConversation(c, "The session", got.Messages)
		logRefusals(c, got)
		judge(s, got, want)
	})
}

// referencePlays checks what holds of every session of the reference: the
// model refused nothing, every call of the conversation has exactly one
// result, the repository was never written, the budget was kept, and a
// request for a command that reached the runner was put to the person first.
func referencePlays(c *checkkit.C, what string, want play.Ran) {
	if len(want.Refusals) > 0 {
		c.KitFatalf("in %q the model refused a request of the reference: %s", what, want.Refusals[0])
	}
	if problems := lab.Validate(want.Messages); problems != nil {
		c.KitFatalf("in %q the conversation the reference returned is refused: %v", what, problems)
	}
	if len(want.RepoWrites) > 0 || !want.HasCopy || want.CopyIsRepo {
		c.KitFatalf("in %q the reference wrote to the caller's repository (%v), or returned no copy", what, want.RepoWrites)
	}
	if sum(want.Bills) > want.Budget || want.Spent != sum(want.Bills) {
		c.KitFatalf("in %q the reference spent %d (bills %v) of a budget of %d", what, want.Spent, want.Bills, want.Budget)
	}
	if n := len(want.Runner); n == 0 || !want.Runner[n-1].InCopy || strings.Join(want.Runner[n-1].Words, " ") != "go test ./..." {
		c.KitFatalf("in %q the reference did not end with its own go test ./... in the copy: %v", what, want.Runner)
	}
	if len(want.Runner)-1 > len(want.Person) {
		c.KitFatalf("in %q %d commands of the model reached the reference's runner, and the person was asked %d times", what, len(want.Runner)-1, len(want.Person))
	}
}

// logRefusals shows what the strict model refused in a session, if
// anything.
func logRefusals(c *checkkit.C, r play.Ran) {
	for _, refusal := range r.Refusals {
		c.Logf("the model refused a request, as a provider would: %s", refusal)
	}
}

// commands returns the words of every command that reached a runner, each
// as one line.
func commands(runs []play.RunnerRun) []string {
	out := make([]string, len(runs))
	for i, run := range runs {
		out[i] = strings.Join(run.Words, " ")
	}
	return out
}

// resultsFor returns every toolResult in messages that quotes id.
func resultsFor(messages []lab.Message, id string) []lab.Message {
	var out []lab.Message
	for _, m := range messages {
		if m.Role == lab.RoleToolResult && m.ToolCallID == id {
			out = append(out, m)
		}
	}
	return out
}

// oneResult returns the one result of call id, or stops the check.
func oneResult(c *checkkit.C, messages []lab.Message, id, what string) lab.Message {
	got := resultsFor(messages, id)
	c.Must(len(got) == 1, "The call %s (%s) got %s; every call should get exactly one result.", id, what, checkkit.Plural(len(got), "result"))
	return got[0]
}

// withoutOutputs returns files without the artifacts under outputs/.
func withoutOutputs(files map[string]string) map[string]string {
	out := map[string]string{}
	for path, text := range files {
		if !strings.HasPrefix(path, "outputs/") {
			out[path] = text
		}
	}
	return out
}

// sum returns the sum of xs.
func sum(xs []int) int {
	total := 0
	for _, x := range xs {
		total += x
	}
	return total
}

// mustHaveCopy stops the check when Patch returned no copy of the
// repository.
func mustHaveCopy(c *checkkit.C, got play.Ran) {
	c.Must(got.HasCopy, "Patch returned no Copy: it should return the copy of the repository the session worked in.")
}

// fullOutput returns what run_command returns for command in the given state
// of the module: the exit code, then the output.
func fullOutput(m module, state, command string) string {
	key := state + ": " + command
	return fmt.Sprintf("exit code %d\n%s", m.exitCode[key], m.outputs[key])
}
