package checks

import (
	"fmt"

	"harnesslab/grader/checkkit"
	"harnesslab/lab"
)

// Lab 1, continued: one repair. A result that breaks the schema is answered
// with the validator's words and asked for once more, forced again; a second
// broken result ends the run as invalid.

func invalidGetsValidatorWords(c *checkkit.C) {
	checkkit.Scenarios(c, repairTasks, func(t task) {
		p := play(c, t)
		want, _, _ := t.expected()
		got := p.model.Calls()
		k := len(t.work) + 1
		if len(got) <= k {
			c.Errorf("A submit_result call whose arguments break the schema (%s) should be answered, and the result asked "+
				"for once more; the model was asked %s, %d for the work and the rest for the result.",
				t.attempts[0].problem, checkkit.Asked(p.model), len(t.work))
			checkkit.LogConversation(c, "What RunTask returned", p.messages)
			return
		}
		if !c.Equal(fmt.Sprintf("Request %d should ask for the result again: the broken call answered with an error "+
			"result holding \"Error: \" and the validator's own words, and submit_result forced again.", k+1),
			want[k], got[k], checkkit.AsSent...) {
			checkkit.LogConversation(c, fmt.Sprintf("The messages of request %d", k+1), got[k].Messages)
		}
	})
}

func repairThenSubmitted(c *checkkit.C) {
	checkkit.Scenarios(c, repairTasks, func(t task) {
		p := play(c, t)
		_, want, runs := t.expected()
		submittedOnSecondAsk(c, t, p, want, runs,
			"After one repair, RunTask should end with the second call's arguments and the ending \"submitted\".",
			"RunTask should return the whole conversation: the broken call with its error result, "+
				"then the good call with \"Result received.\".")
	})
}

// submittedOnSecondAsk holds what a run that got its good result on the
// second request for it ends with: the Final (finalWords), the whole
// conversation (listWords), two requests for the result and only the
// work's calls run.
func submittedOnSecondAsk(c *checkkit.C, t task, p played, want []lab.Message, runs []checkkit.ToolRun, finalWords, listWords string) {
	if !sameFinal(c, finalWords, t.want, p.final) {
		checkkit.LogConversation(c, "What RunTask returned", p.messages)
		return
	}
	if !checkkit.SameMessages(c, listWords, want, p.messages, 0) {
		checkkit.LogConversation(c, "What RunTask returned", p.messages)
		return
	}
	if asked, wantAsked := p.model.Asked(), len(t.work)+2; asked != wantAsked {
		c.Errorf("RunTask should ask the model %s: %d for the work and 2 for the result. It asked %s.",
			checkkit.Times(wantAsked), len(t.work), checkkit.Asked(p.model))
	}
	checkkit.SameToolRuns(c, "Only the work's calls run.", runs, p.runs)
}

func secondInvalidEndsInvalid(c *checkkit.C) {
	checkkit.Scenarios(c, twiceBroken, func(t task) {
		p := play(c, t)
		_, want, _ := t.expected()
		if asked, wantAsked := p.model.Asked(), len(t.work)+2; asked != wantAsked {
			c.Errorf("After a second broken result RunTask should stop: the model should be asked %s, %d for the work "+
				"and 2 for the result, never a third. It was asked %s.", checkkit.Times(wantAsked), len(t.work), checkkit.Asked(p.model))
			checkkit.LogConversation(c, "What RunTask returned", p.messages)
			return
		}
		if !sameFinal(c, "Two broken results should end the run as \"invalid\", with no data, and the validator's words "+
			"about the second one as the Problem.", t.want, p.final) {
			checkkit.LogConversation(c, "What RunTask returned", p.messages)
			return
		}
		if !checkkit.SameMessages(c, "RunTask should return the whole conversation, both broken calls answered with an "+
			"error result holding the validator's words.", want, p.messages, 0) {
			checkkit.LogConversation(c, "What RunTask returned", p.messages)
		}
	})
}

func otherCallsAnsweredNotRun(c *checkkit.C) {
	checkkit.Scenarios(c, sideCallTasks, func(t task) {
		p := play(c, t)
		_, want, runs := t.expected()
		if !checkkit.SameToolRuns(c, "A call to another tool in the reply to the forced request should never run: the work is over.",
			runs, p.runs) {
			return
		}
		if !checkkit.SameMessages(c, "Every call of that reply should still get a result, in call order: the other calls "+
			"an error result saying \"Error: only submit_result may be called now; this call did not run\", "+
			"and submit_result \"Result received.\".", want, p.messages, 0) {
			checkkit.LogConversation(c, "What RunTask returned", p.messages)
			return
		}
		sameFinal(c, "RunTask should end with the submit_result call's arguments.", t.want, p.final)
	})
}

func wordsAskedAgain(c *checkkit.C) {
	checkkit.Scenarios(c, wordsTasks, func(t task) {
		p := play(c, t)
		requests, want, runs := t.expected()
		got := p.model.Calls()
		k := len(t.work) + 1
		if len(got) <= k {
			c.Errorf("A reply to the forced request with no submit_result call (the model answered in words) should get a "+
				"user message saying so, and the result should be asked for once more; the model was asked %s, %d for the "+
				"work and the rest for the result, and the run ended %q.",
				checkkit.Asked(p.model), len(t.work), p.final.Ending)
			checkkit.LogConversation(c, "What RunTask returned", p.messages)
			return
		}
		if !c.Equal(fmt.Sprintf("Request %d should ask for the result again: the reply in words, then a user message "+
			"saying \"Error: \" + ErrNoSubmit.Error() + \"; call submit_result.\", and submit_result forced again.", k+1),
			requests[k], got[k], checkkit.AsSent...) {
			checkkit.LogConversation(c, fmt.Sprintf("The messages of request %d", k+1), got[k].Messages)
			return
		}
		submittedOnSecondAsk(c, t, p, want, runs,
			"After the reply in words, a good result should end the run with its arguments and the ending \"submitted\".",
			"RunTask should return the whole conversation: the reply in words, the user message "+
				"that says it holds no submit_result call, then the good call with \"Result received.\".")
	})
}
