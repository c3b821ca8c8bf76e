// Package checks holds the judgements of lesson 13, "Ending with data": each
// check's scenario, and how the student's play of it is compared with the
// reference's. Only the judge links it (see grader/checks/13/judge); the
// player links package play alone.
package checks

import (
	"fmt"
	"regexp"
	"strings"

	"github.com/google/go-cmp/cmp/cmpopts"

	"harnesslab/grader/checkkit"
	"harnesslab/grader/checks/13/play"
	"harnesslab/lab"
)

// The lesson's words, as the kit knows them.
const (
	submitName = play.SubmitName
	testTool   = play.TestToolName
	editTool   = play.EditToolName

	submitted = "submitted"
	unproven  = "unproven"
	invalid   = "invalid"
)

// Judges holds every check of the lesson, by name. The scripts NN_name.txtar
// say which to run, in what order, and what each one promises the student.
var Judges = map[string]checkkit.Judgement{
	"claim_backed_accepted":        {Scenario: claimScenario(backedClaims), Judge: claimJudge(backedClaims)},
	"claim_backed_in_run":          {Scenario: taskScenario(backedTasks), Judge: judgeClaimBackedInRun},
	"claim_last_run_failed":        {Scenario: claimScenario(lastRunFailedClaims), Judge: claimJudge(lastRunFailedClaims)},
	"claim_run_before_edit":        {Scenario: claimScenario(runBeforeEditClaims), Judge: claimJudge(runBeforeEditClaims)},
	"claim_unproven_in_run":        {Scenario: taskScenario(claimTasks), Judge: judgeClaimUnprovenInRun},
	"claim_words_not_evidence":     {Scenario: claimScenario(wordsClaims), Judge: claimJudge(wordsClaims)},
	"claims_agree":                 {Scenario: generatedClaims, Judge: judgeClaimsAgree},
	"invalid_gets_validator_words": {Scenario: taskScenario(repairTasks), Judge: judgeInvalidGetsValidatorWords},
	"other_calls_answered_not_run": {Scenario: taskScenario(sideCallTasks), Judge: judgeOtherCallsAnsweredNotRun},
	"repair_then_submitted":        {Scenario: taskScenario(repairTasks), Judge: judgeRepairThenSubmitted},
	"result_from_arguments":        {Scenario: taskScenario(plainTasks), Judge: judgeResultFromArguments},
	"result_request_forced":        {Scenario: taskScenario(plainTasks), Judge: judgeResultRequestForced},
	"run_task_agrees":              {Scenario: generatedTasks, Judge: judgeRunTaskAgrees},
	"second_invalid_ends_invalid":  {Scenario: taskScenario(twiceBroken), Judge: judgeSecondInvalidEndsInvalid},
	"submit_call_answered":         {Scenario: taskScenario(plainTasks), Judge: judgeSubmitCallAnswered},
	"words_asked_again":            {Scenario: taskScenario(wordsTasks), Judge: judgeWordsAskedAgain},
	"work_requests_choose_freely":  {Scenario: taskScenario(plainTasks), Judge: judgeWorkRequestsChooseFreely},
}

// sameFinal compares the Final a run ended with against want, as data: an
// empty list of files is as good as none.
func sameFinal(c *checkkit.C, sentence string, want, got play.Final) bool {
	return c.Equal(sentence, want, got, cmpopts.EquateEmpty())
}

// choices words the tool choice of every request the model answered.
func choices(requests []lab.Request) string {
	words := make([]string, len(requests))
	for i, r := range requests {
		words[i] = r.Choice.String()
	}
	return strings.Join(words, ", ")
}

// asked says how many times a run asked its model for a reply, counting the
// requests it refused, as checkkit.Asked does for a model at hand.
func asked(r play.Ran) string {
	if len(r.Refusals) == 0 {
		return checkkit.Times(r.Asked)
	}
	return fmt.Sprintf("%s (the model refused %d of them, as a provider would: %s)", checkkit.Times(r.Asked), len(r.Refusals), r.Refusals[0])
}

// logRefusals shows what the strict model refused in a run, if anything.
func logRefusals(c *checkkit.C, r play.Ran) {
	for _, refusal := range r.Refusals {
		c.Logf("the model refused a request, as a provider would: %s", refusal)
	}
}

// toolRuns makes a checkkit.ToolRuns holding runs, for checkkit.SameToolRuns.
func toolRuns(runs []checkkit.ToolRun) *checkkit.ToolRuns {
	r := &checkkit.ToolRuns{}
	for _, run := range runs {
		tool := lab.Tool{Name: run.Tool, Execute: func(lab.Args) (string, error) { return "", nil }}
		_, _ = r.Wrap(tool)[0].Execute(run.Args)
	}
	return r
}

// sameRuns compares the caller's tools that ran with the reference's runs.
func sameRuns(c *checkkit.C, sentence string, want, got []checkkit.ToolRun) bool {
	return checkkit.SameToolRuns(c, sentence, want, toolRuns(got))
}

// messageNumber finds a message named by its number in words: "message 7",
// "Message #7".
var messageNumber = regexp.MustCompile(`(?i)\bmessage\s*#?\s*([0-9]+)`)

// wrongMessages returns the message numbers got names that want does not:
// words need not name a message at all, nor say it as the reference does,
// but a message they name is counted from 1, as the lesson counts.
func wrongMessages(want, got string) []string {
	named := map[string]bool{}
	for _, m := range messageNumber.FindAllStringSubmatch(want, -1) {
		named[strings.TrimLeft(m[1], "0")] = true
	}
	var wrong []string
	for _, m := range messageNumber.FindAllStringSubmatch(got, -1) {
		if !named[strings.TrimLeft(m[1], "0")] {
			wrong = append(wrong, m[1])
		}
	}
	return wrong
}

// sameMessageNumbers fails c when the words got (CheckClaim's, or a Problem
// made of them) name a message the reference's words want do not. subject
// says whose words they are: "CheckClaim's error".
func sameMessageNumbers(c *checkkit.C, subject, want, got string) bool {
	wrong := wrongMessages(want, got)
	if len(wrong) == 0 {
		return true
	}
	c.Errorf("%s names %s, but the rule is about %s. Count the messages from 1, as the lesson does: messages[i] is message i+1 "+
		"(a transcript shown here numbers them from 0, as Go indexes them).\n  the reference's words: %s\n  yours:                 %s",
		subject, messagesWords(wrong), messagesWords(wrongMessages("", want)), checkkit.Quote(want), checkkit.Quote(got))
	return false
}

// messagesWords says message numbers in words: "message 4", "messages 4
// and 2", "no message".
func messagesWords(numbers []string) string {
	switch len(numbers) {
	case 0:
		return "no message"
	case 1:
		return "message " + numbers[0]
	}
	return "messages " + checkkit.List(numbers)
}
