package checks

import (
	"fmt"

	"github.com/google/go-cmp/cmp/cmpopts"

	"harnesslab/grader/checkkit"
	"harnesslab/grader/checks/13/play"
	"harnesslab/lab"
)

// Lab 1: end with data. The work runs as before; then the harness asks for
// the result with submit_result forced, reads the call's arguments, and
// gives a broken result one repair.

// eachTask judges the one task of every data set of sets, with the student's
// play of it (got) and the reference's (want), after checking the reference
// against what the kit knows of the task.
func eachTask(c *checkkit.C, yours, ref checkkit.Observed, sets []checkkit.Data[task], judge func(t task, got, want play.Ran)) {
	checkkit.EachScenario(c, sets, func(k int, t task) {
		got := checkkit.Get[play.Ran](c, yours, play.TaskKey(k, 0))
		want := checkkit.Get[play.Ran](c, ref, play.TaskKey(k, 0))
		referencePlays(c, t.question, want)
		ended := want.Final
		if t.want.Ending == unproven {
			ended.Problem = "" // CheckClaim's words are the student's to choose
		}
		if len(checkkit.Differences(t.want, ended, cmpopts.EquateEmpty())) > 0 {
			c.KitFatalf("the reference ended %q with %+v, not %+v", t.question, want.Final, t.want)
		}
		logRefusals(c, got)
		judge(t, got, want)
	})
}

// referencePlays checks what holds of every run of the reference: the
// model refused nothing, and every call of the list it returned has exactly
// one result.
func referencePlays(c *checkkit.C, what string, want play.Ran) {
	if len(want.Refusals) > 0 {
		c.KitFatalf("in %q the model refused a request of the reference: %s", what, want.Refusals[0])
	}
	if problems := lab.Validate(want.Messages); problems != nil {
		c.KitFatalf("in %q the list the reference returned is refused: %v", what, problems)
	}
}

func judgeWorkRequestsChooseFreely(c *checkkit.C, yours, ref checkkit.Observed) {
	eachTask(c, yours, ref, plainTasks, func(t task, got, want play.Ran) {
		if choices(got.Requests) != choices(want.Requests) {
			c.Errorf("RunTask should leave the choice of tool to the model (auto) for the %s of the work, and force "+
				"submit_result only when it asks for the result.\n  expected tool choices, request by request: %s\n  got tool choices, request by request:      %s",
				checkkit.Plural(len(t.work), "request"), choices(want.Requests), choices(got.Requests))
			checkkit.LogConversation(c, "What RunTask returned", got.Messages)
		}
	})
}

func judgeResultRequestForced(c *checkkit.C, yours, ref checkkit.Observed) {
	eachTask(c, yours, ref, plainTasks, func(t task, got, want play.Ran) {
		k := len(t.work)
		if len(want.Requests) <= k {
			c.KitFatalf("the reference asked for the result in no request after the %s of the work", checkkit.Plural(k, "request"))
		}
		if len(got.Requests) <= k {
			c.Errorf("After the work (%s) RunTask should ask once more, for the result; the model was asked %s.",
				checkkit.Plural(k, "request"), asked(got))
			checkkit.LogConversation(c, "What RunTask returned", got.Messages)
			return
		}
		if !c.Equal(fmt.Sprintf("Request %d should ask for the result: the conversation so far, then a user message saying "+
			"SubmitAsk; the caller's tools followed by submit_result; and submit_result forced as the tool choice.", k+1),
			want.Requests[k], got.Requests[k], checkkit.AsSent...) {
			checkkit.LogConversation(c, fmt.Sprintf("The messages of request %d", k+1), got.Requests[k].Messages)
		}
	})
}

func judgeResultFromArguments(c *checkkit.C, yours, ref checkkit.Observed) {
	eachTask(c, yours, ref, plainTasks, func(t task, got, want play.Ran) {
		if !sameFinal(c, "RunTask should end with the submit_result call's arguments as data (summary, files_changed, "+
			"tests_passed), never the model's words, and the ending \"submitted\".", want.Final, got.Final) {
			checkkit.LogConversation(c, "What RunTask returned", got.Messages)
		}
	})
}

func judgeSubmitCallAnswered(c *checkkit.C, yours, ref checkkit.Observed) {
	eachTask(c, yours, ref, plainTasks, func(t task, got, want play.Ran) {
		if !checkkit.SameMessages(c, "RunTask should return the whole conversation: the question, the work with its results, "+
			"SubmitAsk, the reply that called submit_result, and that call's result (\"Result received.\"). Every call gets a result.",
			want.Messages, got.Messages, 0) {
			checkkit.LogConversation(c, "What RunTask returned", got.Messages)
			return
		}
		sameRuns(c, "Only the work's calls run: submit_result is read by the harness, not run as a tool of the caller's.",
			want.Runs, got.Runs)
	})
}
