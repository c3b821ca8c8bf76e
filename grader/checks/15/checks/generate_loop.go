package checks

import (
	"fmt"
	"slices"
	"strings"
	"time"

	"pgregory.net/rapid"

	"harnesslab/grader/checkkit"
	"harnesslab/grader/checks/15/play"
	"harnesslab/lab"
)

// Generated runs of RunLoopWithin: replies of several calls (quick, slow,
// hung, unknown, with broken arguments), budgets from 1 step to past the
// lesson's MaxSteps, a caller who cancels while a slow call runs in any step
// or before the run starts, several runs in one program. Each is made from a
// fixed seed and they are played smallest first.

// generatedLoopCount is how many runs loop_agrees generates, in two data sets.
const generatedLoopCount = 20

// Limits of the generated runs: a run whose calls all finish at once, or end
// with a cancel, gives them plenty of time; a run in which a slow call times
// out gives each call genTimeout, and holds at most genMaxTimeouts of them,
// so the check stays short.
const (
	genPlenty      = 2 * time.Second
	genTimeout     = 300 * ms
	genMaxTimeouts = 1
)

// genTable is the table of the generated world's lookup.
var genTable = map[string]string{"port": "8080", "user": "ada", "région": "eu-ouest-1"}

// loopGen generates a run of RunLoopWithin.
var loopGen = rapid.Custom(func(t *rapid.T) play.Loop {
	sc := play.Loop{
		Question: rapid.SampledFrom([]string{"Is the site up?", "Which port, and who owns it?", "Résumé : pourquoi ça échoue ?"}).Draw(t, "question"),
		Table:    genTable,
		MaxSteps: rapid.SampledFrom([]int{1, 2, 3, maxSteps, maxSteps + 1}).Draw(t, "budget"),
		Limit:    genPlenty,
	}
	mode := rapid.IntRange(0, 5).Draw(t, "mode") // 0: cancelled before the start, 1-2: a cancel during a slow call
	sc.Cancelled = mode == 0
	cancelling := mode == 1 || mode == 2
	id, slow, timeouts := 0, 0, 0
	steps := rapid.IntRange(0, sc.MaxSteps+1).Draw(t, "tool replies")
	for range steps {
		var blocks []lab.Block
		if rapid.IntRange(0, 2).Draw(t, "words first") == 0 {
			blocks = append(blocks, lab.Text("Let me look."))
		}
		for range rapid.IntRange(1, 4).Draw(t, "calls") {
			id++
			callID := fmt.Sprintf("g%d", id)
			kind := rapid.IntRange(0, 9).Draw(t, "call")
			if kind >= 5 && slow == genMaxTimeouts {
				kind = 0 // no more slow calls than may time out
			}
			switch kind {
			case 0, 1, 2:
				blocks = append(blocks, lookupOf(callID, rapid.SampledFrom([]string{"port", "user", "région", "missing", ""}).Draw(t, "key")))
			case 3:
				blocks = append(blocks, lab.Call(rapid.SampledFrom([]string{"deploy", "Lookup"}).Draw(t, "unknown"), lab.Args{"key": "port"}).WithID(callID))
			case 4:
				blocks = append(blocks, lab.Call("lookup", lab.Args{"key": 8080.0}).WithID(callID))
			case 5, 6, 7:
				slow++
				blocks = append(blocks, searchOf(callID, fmt.Sprintf("slow %d", slow)))
			default:
				slow++
				blocks = append(blocks, fetchOf(callID, fmt.Sprintf("https://slow.example.com/%d", slow)))
			}
		}
		sc.Replies = append(sc.Replies, lab.Reply(blocks...))
	}
	sc.Replies = append(sc.Replies, lab.Say(rapid.SampledFrom([]string{"All done.", "", "The port is 8080; the page timed out."}).Draw(t, "answer")))
	// The slow calls a run reaches: those of the steps the budget allows.
	var reached []lab.Block
	for _, r := range sc.Replies[:min(sc.MaxSteps, len(sc.Replies))] {
		for _, b := range r.Blocks {
			if b.Name == "search" || b.Name == "fetch" {
				reached = append(reached, b)
			}
		}
	}
	if sc.Cancelled || len(reached) == 0 {
		return sc
	}
	if cancelling {
		// The caller cancels while one slow call runs; the slow calls
		// before it time out.
		k := rapid.IntRange(0, min(genMaxTimeouts, len(reached)-1)).Draw(t, "cancel on")
		sc.CancelOn = play.ArgOf(reached[k])
		timeouts = k
	} else {
		timeouts = len(reached)
	}
	if timeouts > 0 {
		sc.Limit = genTimeout
	}
	return sc
})

// loopSize is how big a generated run is: its calls and replies.
func loopSize(sc play.Loop) int {
	n := len(sc.Replies)
	for _, r := range sc.Replies {
		n += len(r.Blocks)
	}
	return n
}

// generatedLoops is two data sets of generated runs, smallest first.
func generatedLoops() any {
	var all []play.Loop
	for seed := range generatedLoopCount {
		all = append(all, loopGen.Example(seed))
	}
	slices.SortStableFunc(all, func(a, b play.Loop) int { return loopSize(a) - loopSize(b) })
	for i := range all {
		all[i].What = fmt.Sprintf("Generated run %d (%s)", i+1, describeLoop(all[i]))
	}
	return checkkit.Generated(all, "runs")
}

// describeLoop says in words what makes a generated run what it is.
func describeLoop(sc play.Loop) string {
	parts := []string{fmt.Sprintf("%d scripted replies", len(sc.Replies)), fmt.Sprintf("a budget of %d", sc.MaxSteps), "a limit of " + sc.Limit.String() + " a call"}
	if len(sc.Replies) > sc.MaxSteps {
		parts = append(parts, "more replies than the budget")
	}
	switch {
	case sc.Cancelled:
		parts = append(parts, "cancelled before it starts")
	case sc.CancelOn != "":
		parts = append(parts, "the caller cancels during "+sc.CancelOn)
	}
	return strings.Join(parts, ", ")
}

// judgeLoopAgrees compares each generated run with the reference's: the
// requests, the list returned, the Result, and the jobs that ran.
func judgeLoopAgrees(c *checkkit.C, yours, ref checkkit.Observed) {
	eachLoop(c, yours, ref, func(sc play.Loop, got, want play.LoopRan) {
		agreeLoop(c, sc, got, want)
	})
}

// agreeLoop compares one generated run, and stops at the first difference.
func agreeLoop(c *checkkit.C, sc play.Loop, got, want play.LoopRan) {
	what := sc.What
	if problems := lab.Validate(want.Messages); len(problems) > 0 {
		c.KitFatalf("%s: the reference's list would be refused: %s", what, checkkit.List(problems))
	}
	for r := range min(len(got.Requests), len(want.Requests)) {
		if !c.Equal(fmt.Sprintf("%s: request %d should be what a correct harness sends (the reference's)", what, r+1), want.Requests[r], got.Requests[r], checkkit.AsSent...) {
			checkkit.LogConversation(c, fmt.Sprintf("The messages of your request %d", r+1), got.Requests[r].Messages)
			return
		}
	}
	if got.Asked != want.Asked {
		c.Errorf("%s: RunLoopWithin should ask the model %s, as the reference does (it ended %q after %s); yours asked it %s.",
			what, checkkit.Times(want.Asked), want.Result.Status, checkkit.Plural(want.Result.Steps, "step"), checkkit.Times(got.Asked))
		checkkit.LogConversation(c, "What your RunLoopWithin returned", got.Messages)
		return
	}
	if !checkkit.SameMessages(c, what+": RunLoopWithin should return what the reference's does: the question, each reply, one result per call", want.Messages, got.Messages, 0) {
		return
	}
	if !c.Equal(what+": the run should end as the reference's does", want.Result, got.Result) {
		return
	}
	if !c.Equal(what+": the jobs that ran (listed here in alphabetical order) should be the reference's", runWords(want.Runs), runWords(got.Runs)) {
		return
	}
	if got.Left > 0 {
		c.Errorf("%s: once every job had returned, %s your code started %s still waiting (the reference's: none). "+
			"A goroutine that sends its result on a channel nobody reads any more waits there forever: give the channel room "+
			"for its one result (make(chan lab.Message, 1)).", what, checkkit.Plural(got.Left, "goroutine"), map[bool]string{true: "is", false: "are"}[got.Left == 1])
	}
}
