package checks

import (
	"sync"

	"harnesslab/grader/checkkit"
	"harnesslab/lab"
)

// endless is a model that never stops asking for a file. A loop with no
// budget would call it for ever, and fill the memory with requests; so once it
// has been called far past the budget it says so, and stops answering: the
// check then ends as a timeout, inside the loop that would not stop.
type endless struct {
	c      *checkkit.C
	model  *lab.ScriptedModel
	budget int

	mu    sync.Mutex
	calls int
}

// runaway is how many calls past its budget an endless model answers.
const runaway = 100

// newEndless returns a model that answers every request with reply.
func newEndless(c *checkkit.C, budget int, reply lab.Message) *endless {
	return &endless{c: c, model: lab.NewScriptedModel(lab.Always(reply)), budget: budget}
}

// Complete answers with the model's one reply, until the loop has gone far
// past its budget.
func (m *endless) Complete(system string, messages []lab.Message, tools []lab.Spec) lab.Message {
	m.mu.Lock()
	m.calls++
	calls := m.calls
	m.mu.Unlock()
	if calls > m.budget+runaway {
		m.c.Errorf("The model has been called %d times with a budget of %d, and the loop is still calling it: "+
			"nothing stops the loop when the budget is spent. The check stops answering here.", calls-1, m.budget)
		select {} // the check times out here, inside the loop
	}
	return m.model.Complete(system, messages, tools)
}

// gaveUpList is the list a correct loop ends with after the messages it was
// given, when every one of budget replies is reply: each with its call ids
// and each call answered.
func gaveUpList(s story, reply lab.Message, budget int) []lab.Message {
	asks := make([]lab.Message, budget)
	for i := range asks {
		asks[i] = reply
	}
	return answeredCalls(s, asks, 1)
}

// mislabelled passes every request to a scripted model and writes "stop" as
// the stop reason of every reply, whatever its content holds, as some
// providers do for a reply that holds calls.
type mislabelled struct{ *lab.ScriptedModel }

// Complete answers as the scripted model does, with the stop reason "stop".
func (m mislabelled) Complete(system string, messages []lab.Message, tools []lab.Spec) lab.Message {
	reply := m.ScriptedModel.Complete(system, messages, tools)
	reply.StopReason = "stop"
	return reply
}
