package checks

import (
	"fmt"
	"slices"

	"harnesslab/grader/checkkit"
	"harnesslab/lab"
)

// Lab 2: Chat runs the loop.

// chatAppendsQuestionOnce: Chat appends the question once, after the earlier
// messages, runs the loop, and returns the grown list and how the run ended.
func chatAppendsQuestionOnce(c *checkkit.C) {
	before := []lab.Message{lab.User("Hi, I'm Ada."), lab.Say("Hello, Ada.")}
	model := followsModel()
	messages, res := S.Chat(model, slices.Clone(before), portQuestion, []lab.Tool{readTool(portWorkspace())})
	logConversation(c, "the list Chat returned", messages)
	refusals(c, model)

	requests := model.Calls()
	if len(requests) == 0 {
		c.Fatalf("Chat never called the model.")
	}
	asked := withPrefix(before, lab.User(portQuestion))
	c.Equal("The first request should hold the earlier messages, then the question, once.",
		asked, requests[0].Messages, asSent...)
	c.Equal("The list Chat returns should be the earlier messages, the question, then the run: "+
		"three replies each followed by its result, then the answer.",
		withPrefix(asked, followsList()...), messages, asSent...)
	c.Equal("Chat should return how the run ended: answered, with the model's last words, after 4 steps.",
		outcome{S.Answered, portAnswer, 4}, outcomeOf(res))
}

// chatBudgetIsMaxSteps: Chat gives the loop a budget of MaxSteps: a model
// that never stops asking is called exactly MaxSteps times, and Chat reports
// that the run gave up.
func chatBudgetIsMaxSteps(c *checkkit.C) {
	model := newEndless(c, S.MaxSteps, stillAsking)
	messages, res := S.Chat(model, nil, portQuestion, []lab.Tool{readTool(portWorkspace())})
	logConversation(c, "the list Chat returned", messages)
	refusals(c, model.model)

	if got := len(model.Calls()); got != S.MaxSteps {
		c.Errorf("Chat should run the loop with a budget of MaxSteps (%d): a model that never stops asking "+
			"should be called exactly %d times. It was called %s.", S.MaxSteps, S.MaxSteps, times(got))
	}
	c.Equal(fmt.Sprintf("Chat should report that the run gave up after %d steps, with no text.", S.MaxSteps),
		outcome{Status: S.GaveUp, Steps: S.MaxSteps}, outcomeOf(res))
}
