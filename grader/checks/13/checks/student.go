package checks

import (
	"harnesslab/grader/checkkit"
	"harnesslab/lab"
)

// Student is the student's code as the checks call it. The check program's
// main fills it in from result.go, converting the student's Final into the
// checks' copy; keeping the checks out of package main means they are
// compiled once.
type Student struct {
	RunTask    func(model lab.Model, messages []lab.Message, text string, tools []lab.Tool) ([]lab.Message, Final)
	CheckClaim func(messages []lab.Message) error
}

// Final is the checks' copy of the student's Final: how a run ended, and
// the result it ended with.
type Final struct {
	Ending       string
	Summary      string
	FilesChanged []string
	TestsPassed  bool
	Problem      string
}

// S is the student's code under check.
var S Student

// The lesson's words, as the kit knows them. Checks build what they expect
// from these, never from the student's file.
const (
	system     = "You are a helpful assistant."
	submitName = "submit_result"
	submitAsk  = "The work is done. Submit your result with submit_result."
	received   = "Result received."
	onlySubmit = "Error: only submit_result may be called now; this call did not run"
	noSubmit   = "Error: the reply has no submit_result call; call submit_result."
	testTool   = "run_tests"
	editTool   = "edit"
	maxSteps   = 8

	submitted = "submitted"
	unproven  = "unproven"
	invalid   = "invalid"
)

// Checks holds every check of the lesson, by name. The scripts NN_name.txtar
// say which to run, in what order, and what each one promises the student.
var Checks = map[string]checkkit.Check{
	"claim_backed_accepted":        claimBackedAccepted,
	"claim_backed_in_run":          claimBackedInRun,
	"claim_last_run_failed":        claimLastRunFailed,
	"claim_run_before_edit":        claimRunBeforeEdit,
	"claim_unproven_in_run":        claimUnprovenInRun,
	"claim_words_not_evidence":     claimWordsNotEvidence,
	"invalid_gets_validator_words": invalidGetsValidatorWords,
	"other_calls_answered_not_run": otherCallsAnsweredNotRun,
	"repair_then_submitted":        repairThenSubmitted,
	"second_invalid_ends_invalid":  secondInvalidEndsInvalid,
	"result_from_arguments":        resultFromArguments,
	"result_request_forced":        resultRequestForced,
	"submit_call_answered":         submitCallAnswered,
	"words_asked_again":            wordsAskedAgain,
	"work_requests_choose_freely":  workRequestsChooseFreely,
}
