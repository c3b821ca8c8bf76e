package checks

import (
	"fmt"

	"harnesslab/grader/checkkit"
	"harnesslab/grader/checks/13/play"
)

// Lab 1, continued: one repair. A result that breaks the schema is answered
// with the validator's words and asked for once more, forced again; a second
// broken result ends the run as invalid.

func judgeInvalidGetsValidatorWords(c *checkkit.C, yours, ref checkkit.Observed) {
	eachTask(c, yours, ref, repairTasks, func(t task, got, want play.Ran) {
		k := len(t.work) + 1
		if len(want.Requests) <= k {
			c.KitFatalf("the reference did not ask for the result again after a broken one")
		}
		if len(got.Requests) <= k {
			c.Errorf("A submit_result call whose arguments break the schema (%s) should be answered, and the result asked "+
				"for once more; the model was asked %s, %d for the work and the rest for the result.",
				t.attempts[0].problem, asked(got), len(t.work))
			checkkit.LogConversation(c, "What RunTask returned", got.Messages)
			return
		}
		if !c.Equal(fmt.Sprintf("Request %d should ask for the result again: the broken call answered with an error "+
			"result holding \"Error: \" and the validator's own words, and submit_result forced again.", k+1),
			want.Requests[k], got.Requests[k], checkkit.AsSent...) {
			checkkit.LogConversation(c, fmt.Sprintf("The messages of request %d", k+1), got.Requests[k].Messages)
		}
	})
}

func judgeRepairThenSubmitted(c *checkkit.C, yours, ref checkkit.Observed) {
	eachTask(c, yours, ref, repairTasks, func(t task, got, want play.Ran) {
		submittedOnSecondAsk(c, t, got, want,
			"After one repair, RunTask should end with the second call's arguments and the ending \"submitted\".",
			"RunTask should return the whole conversation: the broken call with its error result, "+
				"then the good call with \"Result received.\".")
	})
}

// submittedOnSecondAsk holds what a run that got its good result on the
// second request for it ends with: the Final (finalWords), the whole
// conversation (listWords), two requests for the result and only the
// work's calls run.
func submittedOnSecondAsk(c *checkkit.C, t task, got, want play.Ran, finalWords, listWords string) {
	if !sameFinal(c, finalWords, want.Final, got.Final) {
		checkkit.LogConversation(c, "What RunTask returned", got.Messages)
		return
	}
	if !checkkit.SameMessages(c, listWords, want.Messages, got.Messages, 0) {
		checkkit.LogConversation(c, "What RunTask returned", got.Messages)
		return
	}
	if got.Asked != want.Asked {
		c.Errorf("RunTask should ask the model %s: %d for the work and 2 for the result. It asked %s.",
			checkkit.Times(want.Asked), len(t.work), asked(got))
	}
	sameRuns(c, "Only the work's calls run.", want.Runs, got.Runs)
}

func judgeSecondInvalidEndsInvalid(c *checkkit.C, yours, ref checkkit.Observed) {
	eachTask(c, yours, ref, twiceBroken, func(t task, got, want play.Ran) {
		if got.Asked != want.Asked {
			c.Errorf("After a second broken result RunTask should stop: the model should be asked %s, %d for the work "+
				"and 2 for the result, never a third. It was asked %s.", checkkit.Times(want.Asked), len(t.work), asked(got))
			checkkit.LogConversation(c, "What RunTask returned", got.Messages)
			return
		}
		if !sameFinal(c, "Two broken results should end the run as \"invalid\", with no data, and the validator's words "+
			"about the second one as the Problem.", want.Final, got.Final) {
			checkkit.LogConversation(c, "What RunTask returned", got.Messages)
			return
		}
		if !checkkit.SameMessages(c, "RunTask should return the whole conversation, both broken calls answered with an "+
			"error result holding the validator's words.", want.Messages, got.Messages, 0) {
			checkkit.LogConversation(c, "What RunTask returned", got.Messages)
		}
	})
}

func judgeOtherCallsAnsweredNotRun(c *checkkit.C, yours, ref checkkit.Observed) {
	eachTask(c, yours, ref, sideCallTasks, func(t task, got, want play.Ran) {
		if !sameRuns(c, "A call to another tool in the reply to the forced request should never run: the work is over.",
			want.Runs, got.Runs) {
			return
		}
		if !checkkit.SameMessages(c, "Every call of that reply should still get a result, in call order: the other calls "+
			"an error result saying \"Error: only submit_result may be called now; this call did not run\", "+
			"and submit_result \"Result received.\".", want.Messages, got.Messages, 0) {
			checkkit.LogConversation(c, "What RunTask returned", got.Messages)
			return
		}
		sameFinal(c, "RunTask should end with the submit_result call's arguments.", want.Final, got.Final)
	})
}

func judgeWordsAskedAgain(c *checkkit.C, yours, ref checkkit.Observed) {
	eachTask(c, yours, ref, wordsTasks, func(t task, got, want play.Ran) {
		k := len(t.work) + 1
		if len(want.Requests) <= k {
			c.KitFatalf("the reference did not ask for the result again after a reply in words")
		}
		if len(got.Requests) <= k {
			c.Errorf("A reply to the forced request with no submit_result call (the model answered in words) should get a "+
				"user message saying so, and the result should be asked for once more; the model was asked %s, %d for the "+
				"work and the rest for the result, and the run ended %q.",
				asked(got), len(t.work), got.Final.Ending)
			checkkit.LogConversation(c, "What RunTask returned", got.Messages)
			return
		}
		if !c.Equal(fmt.Sprintf("Request %d should ask for the result again: the reply in words, then a user message "+
			"saying \"Error: \" + ErrNoSubmit.Error() + \"; call submit_result.\", and submit_result forced again.", k+1),
			want.Requests[k], got.Requests[k], checkkit.AsSent...) {
			checkkit.LogConversation(c, fmt.Sprintf("The messages of request %d", k+1), got.Requests[k].Messages)
			return
		}
		submittedOnSecondAsk(c, t, got, want,
			"After the reply in words, a good result should end the run with its arguments and the ending \"submitted\".",
			"RunTask should return the whole conversation: the reply in words, the user message "+
				"that says it holds no submit_result call, then the good call with \"Result received.\".")
	})
}
