// Package checks holds the checks of lesson 15, "Waiting well".
package checks

import (
	"context"
	"time"

	"harnesslab/grader/checkkit"
	"harnesslab/lab"
)

// Student is the student's code as the checks call it. The check program's
// main fills it in from waiting.go; keeping the checks out of package main
// means they are compiled once.
type Student struct {
	RunCall        func(ctx context.Context, jobs []Job, call lab.Block, limit time.Duration) lab.Message
	RunCallsWithin func(ctx context.Context, jobs []Job, calls []lab.Block, limit time.Duration) []lab.Message
	RunLoopWithin  func(ctx context.Context, model lab.Model, messages []lab.Message, jobs []Job, maxSteps int, limit time.Duration) ([]lab.Message, Result)
	ShowStream     func(stream *lab.Stream, show func(text string)) (lab.Message, error)
}

// S is the student's code under check.
var S Student

// Job is a tool whose work is handed its call's context, copied from
// harness.Job.
type Job struct {
	Name        string
	Description string
	Parameters  lab.Schema
	Execute     func(ctx context.Context, args lab.Args) (string, error)
}

// Result is how a run of the student's loop ended, copied from harness.Result.
type Result struct {
	Status string
	Text   string
	Steps  int
}

// The lesson's values, as the kit knows them. Checks build what they expect
// from these, never from the student's file.
const (
	system        = "You are a helpful assistant."
	answered      = "answered"
	gaveUp        = "gave up"
	stoppedStatus = "stopped"
	timedOutText  = "Error: no answer within %v; the call was abandoned. Ask for less, or try again"
	stoppedText   = "Error: the run was cancelled while this call was running; its work may be half done"
	cancelledText = "Error: cancelled before it ran; ask for it again if you still need it"
)

// Checks holds every check of the lesson, by name. The scripts NN_name.txtar
// say which to run, in what order, and what each one promises the student.
var Checks = map[string]checkkit.Check{
	"callers_context_reaches_tools": callersContextReachesTools,
	"cancel_mid_run":                cancelMidRun,
	"cancelled_before_start":        cancelledBeforeStart,
	"each_call_own_deadline":        eachCallOwnDeadline,
	"hang_times_out":                hangTimesOut,
	"loop_answers_after_timeout":    loopAnswersAfterTimeout,
	"loop_stops_when_cancelled":     loopStopsWhenCancelled,
	"no_writes_after_return":        noWritesAfterReturn,
	"quick_call_answers":            quickCallAnswers,
	"slow_tool_times_out":           slowToolTimesOut,
	"stream_final_is_pieces_joined": streamFinalIsPiecesJoined,
	"stream_shows_as_it_arrives":    streamShowsAsItArrives,
	"stream_shows_text_in_order":    streamShowsTextInOrder,
	"stream_tool_calls":             streamToolCalls,
}
