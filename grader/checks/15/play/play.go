// Package play drives the student's code of lesson 15, "Waiting well",
// through a check's scenario and records what came back. It is linked twice:
// into the player, with the student's files (under the race detector), and
// into the judge, with the reference solution, which plays the same scenario
// so the two records can be compared (see checkkit.JudgeMain). It holds no
// expected value.
package play

import (
	"context"
	"fmt"
	"time"

	"harnesslab/grader/checkkit"
	"harnesslab/lab"
)

// Student is the code under play, as the play functions call it.
type Student struct {
	RunCall        func(ctx context.Context, jobs []Job, call lab.Block, limit time.Duration) lab.Message
	RunCallsWithin func(ctx context.Context, jobs []Job, calls []lab.Block, limit time.Duration) []lab.Message
	RunLoopWithin  func(ctx context.Context, model lab.Model, messages []lab.Message, jobs []Job, maxSteps int, limit time.Duration) ([]lab.Message, Result)
	ShowStream     func(stream *lab.Stream, show func(text string)) (lab.Message, error)
}

// S is the code under play: the student's in the player, the reference's in
// the judge.
var S Student

// Job is the play's copy of the lesson's Job: a tool whose work is handed
// its call's context.
type Job struct {
	Name        string
	Description string
	Parameters  lab.Schema
	Execute     func(ctx context.Context, args lab.Args) (string, error)
}

// Result is the play's copy of the lesson's Result: how a run of the loop
// ended.
type Result struct {
	Status string
	Text   string
	Steps  int
}

// Adapt makes a Student of the lesson's four functions, whatever the
// package's Job and Result are: job turns the play's Job into the lesson's,
// and result reads the lesson's Result into the play's copy.
func Adapt[J, R any](
	runCall func(context.Context, []J, lab.Block, time.Duration) lab.Message,
	runCallsWithin func(context.Context, []J, []lab.Block, time.Duration) []lab.Message,
	runLoopWithin func(context.Context, lab.Model, []lab.Message, []J, int, time.Duration) ([]lab.Message, R),
	showStream func(*lab.Stream, func(string)) (lab.Message, error),
	job func(Job) J,
	result func(R) Result,
) Student {
	jobsOf := func(jobs []Job) []J {
		if jobs == nil {
			return nil
		}
		out := make([]J, len(jobs))
		for i, j := range jobs {
			out[i] = job(j)
		}
		return out
	}
	return Student{
		RunCall: func(ctx context.Context, jobs []Job, call lab.Block, limit time.Duration) lab.Message {
			return runCall(ctx, jobsOf(jobs), call, limit)
		},
		RunCallsWithin: func(ctx context.Context, jobs []Job, calls []lab.Block, limit time.Duration) []lab.Message {
			return runCallsWithin(ctx, jobsOf(jobs), calls, limit)
		},
		RunLoopWithin: func(ctx context.Context, model lab.Model, messages []lab.Message, jobs []Job, maxSteps int, limit time.Duration) ([]lab.Message, Result) {
			out, r := runLoopWithin(ctx, model, messages, jobsOf(jobs), maxSteps, limit)
			return out, result(r)
		},
		ShowStream: showStream,
	}
}

// Key names what the play of scenario i of data set k recorded: "run 1,
// calls 1", "run 2, stream 3".
func Key(k int, noun string, i int) string { return fmt.Sprintf("run %d, %s %d", k+1, noun, i+1) }

// The nouns of the keys, one for each kind of scenario.
const (
	CallsNoun  = "calls"
	LoopNoun   = "loop"
	StreamNoun = "stream"
)

// Plays holds every check of the lesson, by name, as the player plays it.
var Plays = map[string]checkkit.Check{
	"callers_context_reaches_tools": playCalls,
	"cancel_mid_run":                playCalls,
	"cancelled_before_start":        playCalls,
	"each_call_own_deadline":        playCalls,
	"hang_times_out":                playCalls,
	"loop_agrees":                   playLoops,
	"loop_answers_after_timeout":    playLoops,
	"loop_stops_when_cancelled":     playLoops,
	"no_writes_after_return":        playCalls,
	"quick_call_answers":            playCalls,
	"slow_tool_times_out":           playCalls,
	"show_stream_agrees":            playStreams,
	"stream_final_is_pieces_joined": playStreams,
	"stream_shows_as_it_arrives":    playStreams,
	"stream_shows_text_in_order":    playStreams,
	"stream_tool_calls":             playStreams,
}

// playCalls hands every call scenario of every data set to RunCall or
// RunCallsWithin, and stops at the first one that did not return.
func playCalls(c *checkkit.C) {
	for k, set := range checkkit.Scenario[[]checkkit.Data[[]Calls]](c) {
		for i, sc := range set.Data {
			ran := PlayCalls(c, sc)
			c.Observe(Key(k, CallsNoun, i), ran)
			if !ran.Returned {
				return
			}
		}
	}
}

// playLoops hands every loop scenario of every data set to RunLoopWithin,
// and stops at the first one that did not return.
func playLoops(c *checkkit.C) {
	patient := true
	for k, set := range checkkit.Scenario[[]checkkit.Data[[]Loop]](c) {
		for i, sc := range set.Data {
			title := fmt.Sprintf("run %d (%s): %s", k+1, set.Name, sc.What)
			ran := PlayLoop(c, title, sc, patient)
			patient = patient && ran.Left == 0
			c.Observe(Key(k, LoopNoun, i), ran)
			if !ran.Returned {
				return
			}
		}
	}
}

// playStreams hands every stream of every data set to ShowStream.
func playStreams(c *checkkit.C) {
	for k, set := range checkkit.Scenario[[]checkkit.Data[[]Stream]](c) {
		for i, sc := range set.Data {
			c.Observe(Key(k, StreamNoun, i), PlayStream(sc))
		}
	}
}

// returned runs f on a goroutine of its own and waits until it returns or
// wait has passed, in real time. It reports whether f returned; when it did
// not, f goes on running and its results must not be read.
func returned(wait time.Duration, f func()) bool {
	done := make(chan struct{})
	go func() {
		defer close(done)
		f()
	}()
	timer := time.NewTimer(wait)
	defer timer.Stop()
	select {
	case <-done:
		return true
	case <-timer.C:
		return false
	}
}

// Patience is how long, in real time, a play waits past a call's limit
// before it records that the student's code is still waiting for a hung tool.
const Patience = 2 * time.Second
