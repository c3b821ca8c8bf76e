package checks

import (
	"math/rand/v2"
	"time"

	"harnesslab/grader/checkkit"
	"harnesslab/lab"
)

// Student is the student's code as the checks call it. The check program's
// main fills it in from harness.go and retry.go; keeping the checks out of
// package main means they are compiled once.
//
// Values are here only so that one check can say whether they still hold the
// lesson's values: every other check expects the kit's own values.
type Student struct {
	Classify     func(err error) string
	Backoff      func(retry int, rng *rand.Rand) time.Duration
	Send         func(p lab.Provider, clock lab.Clock, rng *rand.Rand, system string, messages []lab.Message, tools []lab.Spec) (lab.Message, error)
	Fallback     func(clock lab.Clock, rng *rand.Rand, providers ...lab.Provider) lab.Model
	MakeSendTool func(outbox *lab.Outbox, clock lab.Clock, rng *rand.Rand, newKey func() string) lab.Tool
	RunTool      func(tools []lab.Tool, call lab.Block) lab.Message
	MakeReadTool func(ws *lab.Workspace) lab.Tool
	Chat         func(model lab.Model, messages []lab.Message, text string, tools []lab.Tool) ([]lab.Message, Result)
	Values       Values
}

// S is the student's code under check.
var S Student

// Result is how a run of the student's loop ended, copied from harness.Result.
type Result struct {
	Status string
	Text   string
	Steps  int
}

// Values are the constants of harness.go and retry.go, under the names a
// student reads.
type Values struct {
	System                                   string
	MaxSteps                                 int
	Transient, Malformed, Mistake, Permanent string
	MaxAttempts                              int
	BaseDelay, MaxDelay, Timeout             time.Duration
}

// The lesson's values, as the kit knows them. Checks build what they expect
// from these, never from the student's file.
const (
	system      = "You are a helpful assistant."
	maxSteps    = 8
	transient   = "transient"
	malformed   = "malformed"
	mistake     = "mistake"
	permanent   = "permanent"
	maxAttempts = 4
	baseDelay   = 500 * time.Millisecond
	maxDelay    = 8 * time.Second
	timeout     = 30 * time.Second
)

// Checks holds every check of the lesson, by name. The scripts NN_name.txtar
// say which to run, in what order, and what each one promises the student.
var Checks = map[string]checkkit.Check{
	"attempts_capped":             attemptsCapped,
	"backoff_doubles_with_jitter": backoffDoublesWithJitter,
	"chat_over_flaky_provider":    chatOverFlakyProvider,
	"each_call_own_key":           eachCallOwnKey,
	"every_try_has_deadline":      everyTryHasDeadline,
	"failures_classified":         failuresClassified,
	"fallback_takes_over":         fallbackTakesOver,
	"lesson_values_kept":          lessonValuesKept,
	"lost_reply_sent_once":        lostReplySentOnce,
	"malformed_asked_again_once":  malformedAskedAgainOnce,
	"permanent_not_retried":       permanentNotRetried,
	"retry_after_obeyed":          retryAfterObeyed,
	"send_tool_gives_up":          sendToolGivesUp,
	"transient_failures_retried":  transientFailuresRetried,
}
