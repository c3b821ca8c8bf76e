// Package checks holds the judgements of lesson 15, "Waiting well": each
// check's scenario, and how the student's play of it is compared with the
// reference's. Only the judge links it (see grader/checks/15/judge); the
// player links package play alone.
package checks

import (
	"fmt"
	"sort"
	"time"

	"harnesslab/grader/checkkit"
	"harnesslab/grader/checks/15/play"
	"harnesslab/lab"
)

// The lesson's values, as the kit knows them.
const (
	system        = "You are a helpful assistant."
	answered      = "answered"
	gaveUp        = "gave up"
	stoppedStatus = "stopped"
	timedOutText  = "Error: no answer within %v; the call was abandoned. Ask for less, or try again"
	stoppedText   = "Error: the run was cancelled while this call was running; its work may be half done"
	cancelledText = "Error: cancelled before it ran; ask for it again if you still need it"
)

const ms = time.Millisecond

// Judges holds every check of the lesson, by name. The scripts NN_name.txtar
// say which to run, in what order, and what each one promises the student.
var Judges = map[string]checkkit.Judgement{
	"callers_context_reaches_tools": {Scenario: data(callersContextSets), Judge: judgeCallersContextReachesTools},
	"cancel_mid_run":                {Scenario: data(cancelMidRunSets), Judge: judgeCancelMidRun},
	"cancelled_before_start":        {Scenario: data(cancelledBeforeStartSets), Judge: judgeCancelledBeforeStart},
	"each_call_own_deadline":        {Scenario: data(eachCallOwnDeadlineSets), Judge: judgeEachCallOwnDeadline},
	"hang_times_out":                {Scenario: data(hangTimesOutSets), Judge: judgeHangTimesOut},
	"loop_agrees":                   {Scenario: generatedLoops, Judge: judgeLoopAgrees},
	"loop_answers_after_timeout":    {Scenario: data(loopAnswersSets), Judge: judgeLoopAnswersAfterTimeout},
	"loop_stops_when_cancelled":     {Scenario: data(loopStopsSets), Judge: judgeLoopStopsWhenCancelled},
	"no_writes_after_return":        {Scenario: data(noWritesSets), Judge: judgeNoWritesAfterReturn},
	"quick_call_answers":            {Scenario: data(quickCallSets), Judge: judgeQuickCallAnswers},
	"slow_tool_times_out":           {Scenario: data(slowToolSets), Judge: judgeSlowToolTimesOut},
	"show_stream_agrees":            {Scenario: generatedStreams, Judge: judgeShowStreamAgrees},
	"stream_final_is_pieces_joined": {Scenario: data(finalJoinedSets), Judge: judgeStreamFinalIsPiecesJoined},
	"stream_shows_as_it_arrives":    {Scenario: data(asItArrivesSets), Judge: judgeStreamShowsAsItArrives},
	"stream_shows_text_in_order":    {Scenario: data(inOrderSets), Judge: judgeStreamShowsTextInOrder},
	"stream_tool_calls":             {Scenario: data(toolCallSets), Judge: judgeStreamToolCalls},
}

// data returns a Scenario that hands out sets.
func data[T any](sets func() []checkkit.Data[[]T]) func() any {
	return func() any { return sets() }
}

// one makes a data set of one scenario.
func one[T any](name string, sc T) checkkit.Data[[]T] {
	return checkkit.Data[[]T]{Name: name, Data: []T{sc}}
}

// fresh makes a data set of one scenario of another case than the sets
// before it: a failure there is not taken for state kept from an earlier run.
func fresh[T any](name string, sc T) checkkit.Data[[]T] {
	return checkkit.Data[[]T]{Name: name, Data: []T{sc}, Fresh: true}
}

// eachCalls judges every call scenario of the check: judge is handed the
// scenario, the student's record and the reference's, once both returned.
// A student's play that did not return is said here, and stops the check.
func eachCalls(c *checkkit.C, yours, ref checkkit.Observed, judge func(sc play.Calls, got, want play.CallsRan)) {
	checkkit.EachScenario(c, checkkit.Scenario[[]checkkit.Data[[]play.Calls]](c), func(k int, scs []play.Calls) {
		for i, sc := range scs {
			key := play.Key(k, play.CallsNoun, i)
			want := checkkit.Get[play.CallsRan](c, ref, key)
			if !want.Returned {
				c.KitFatalf("the reference did not return in time on %s", sc.What)
			}
			got := checkkit.Get[play.CallsRan](c, yours, key)
			if !got.Returned {
				notReturned(c, sc, got)
				return
			}
			if judge(sc, got, want); c.Failed() {
				return
			}
		}
	})
}

// notReturned says that the student's RunCall or RunCallsWithin was still
// waiting for a hung tool.
func notReturned(c *checkkit.C, sc play.Calls, got play.CallsRan) {
	if sc.One {
		call := sc.Calls[min(len(got.Results), len(sc.Calls)-1)]
		c.Errorf("%s: RunCall(%s) had not returned after %v: it is waiting for a tool that stops only when its context ends, or never. "+
			"Wait for the result or for the call's context to end, whichever comes first (select on both), and never for the tool alone.",
			sc.What, play.Words(call), got.Wait)
		return
	}
	c.Errorf("%s: RunCallsWithin(%s) with a limit of %v a call had not returned %v later: it is waiting for a tool that ignores its context. "+
		"Each call must end at its own deadline, whether or not its tool stops.", sc.What, play.Words(sc.Calls...), sc.Limit, got.Wait)
}

// runWords lists runs as "lookup(port)", sorted.
func runWords(runs []play.JobRun) []string {
	out := []string{}
	for _, r := range runs {
		out = append(out, r.Word())
	}
	sort.Strings(out)
	return out
}

// timedOutOf is the timed-out result of call at limit.
func timedOutOf(call lab.Block, limit time.Duration) lab.Message {
	return lab.Message{Role: lab.RoleToolResult, ToolCallID: call.ID, ToolName: call.Name, Content: fmt.Sprintf(timedOutText, limit), IsError: true}
}

// describeResult says what a result is, for a beginner: the timed-out,
// stopped or cancelled result, or the tool's own words.
func describeResult(m lab.Message, limit time.Duration) string {
	switch m.Content {
	case fmt.Sprintf(timedOutText, limit):
		return "the timed-out result"
	case stoppedText:
		return "the stopped result (cancelled while running)"
	case cancelledText:
		return "the cancelled result (never ran)"
	}
	return fmt.Sprintf("%q", m.Content)
}

// refMust stops the check as the kit's fault when the reference's results
// are not want: a rule of the lesson that holds whatever the implementation.
func refMust(c *checkkit.C, what string, want, ref []lab.Message) {
	if len(checkkit.Differences(want, ref)) > 0 {
		c.KitFatalf("%s: the reference's results break the lesson's rule: %s", what, checkkit.Differences(want, ref)[0])
	}
}

// Calls of the world's jobs, with the id the scenario gives them.
func lookupOf(id, key string) lab.Block { return lab.Call("lookup", lab.Args{"key": key}).WithID(id) }
func searchOf(id, query string) lab.Block {
	return lab.Call("search", lab.Args{"query": query}).WithID(id)
}
func fetchOf(id, url string) lab.Block { return lab.Call("fetch", lab.Args{"url": url}).WithID(id) }
