package checks

import (
	"fmt"
	"slices"
	"strings"

	"github.com/google/go-cmp/cmp/cmpopts"

	"harnesslab/grader/checkkit"
	"harnesslab/lab"
)

// The comparisons every check makes. Each compares a whole value (a whole
// request, a whole list, a whole result) and says what differs once: when a
// request differs, the requests after it differ for the same reason, so only
// the first is shown.

// noRefusals records one failure if the model refused any request: a
// provider would have refused it too, and that is the mistake to fix first.
func noRefusals(c *checkkit.C, model *lab.ScriptedModel) bool {
	refused := model.Refusals()
	if len(refused) == 0 {
		return true
	}
	c.Errorf("The model refused a request, as a provider would: %s. Every call needs its result right after the "+
		"reply that made it, in call order, before the model is called again.", refused[0])
	return false
}

// sameRequests records a failure unless model answered exactly the requests
// want (system prompt, messages and tools, whole), and was asked no more.
func sameRequests(c *checkkit.C, want []lab.Request, model *lab.ScriptedModel) bool {
	if !noRefusals(c, model) {
		return false
	}
	got := model.Calls()
	for i := range min(len(want), len(got)) {
		if !sameRequest(c, i+1, want[i], got[i]) {
			return false
		}
	}
	if len(got) != len(want) {
		c.Errorf("The model should have been asked %s in this run; it was asked %s.",
			checkkit.Times(len(want)), checkkit.Asked(model))
		return false
	}
	return true
}

// sameRequest compares request n with what it should have been.
func sameRequest(c *checkkit.C, n int, want, got lab.Request) bool {
	if want.System != got.System {
		c.Errorf("Request %d should carry the system prompt %s; it carried %s. Every request carries System, "+
			"the last as well as the first.", n, checkkit.Quote(want.System), checkkit.Quote(got.System))
		return false
	}
	if len(got.Tools) == 0 && len(want.Tools) > 0 {
		c.Errorf("Request %d described no tools. The model knows only what the request in front of it says, "+
			"so every request must carry the specs of the tools the loop was given, the last as well as the first.", n)
		return false
	}
	if wantNames, gotNames := specNames(want.Tools), specNames(got.Tools); wantNames != gotNames {
		c.Errorf("Request %d should describe the tools the loop was given, in their order: %s. It described %s.",
			n, wantNames, gotNames)
		return false
	}
	if !c.Equal(fmt.Sprintf("Request %d should describe the tools the loop was given, in their order, "+
		"exactly as ToolSpecs writes them:", n), want.Tools, got.Tools, cmpopts.EquateEmpty()) {
		return false
	}
	return checkkit.SameMessages(c, fmt.Sprintf("Request %d should carry the conversation so far: the messages the loop "+
		"was given, then each reply followed by its results, one per call, in call order. Counting from 0:", n),
		want.Messages, got.Messages, 0)
}

// specNames lists the names of specs: "today, read".
func specNames(specs []lab.Spec) string {
	names := make([]string, len(specs))
	for i, s := range specs {
		names[i] = s.Name
	}
	return checkkit.Commas(names)
}

// firstRequestHolds records a failure unless the first request model
// answered held exactly want. A request that holds far more than it should
// (a whole earlier conversation) is summed up rather than listed.
func firstRequestHolds(c *checkkit.C, sentence string, want []lab.Message, model *lab.ScriptedModel) bool {
	requests := model.Calls()
	if len(requests) == 0 {
		return true // the count of requests is compared elsewhere
	}
	got := requests[0].Messages
	switch extra := len(got) - len(want); {
	case extra > 3:
		c.Errorf("%s\n  It held %s, %d more than expected, starting with %s.", sentence,
			checkkit.Plural(len(got), "message"), extra, lab.Show(got[:1]))
		return false
	case extra < -3:
		c.Errorf("%s\n  It held %s, %d fewer than expected: %s.", sentence,
			checkkit.Plural(len(got), "message"), -extra, strings.ReplaceAll(lab.Show(got), "\n", "; "))
		return false
	}
	return checkkit.SameMessages(c, sentence+" Counting from 0:", want, got, 0)
}

// sameConversation records a failure unless the model answered exactly the
// requests of the conversation want, whose first given messages were handed
// to the student's code, and the list who returned is want.
func sameConversation(c *checkkit.C, s story, want []lab.Message, given int, model *lab.ScriptedModel, who string, got []lab.Message) bool {
	return sameRequests(c, wantRequests(s, want, given), model) && sameList(c, who, want, got)
}

// sameRuns records a failure unless the tools ran exactly as want says: each
// tool once per call, with the arguments the model wrote, in call order.
func sameRuns(c *checkkit.C, sentence string, want []checkkit.ToolRun, runs *checkkit.ToolRuns) bool {
	return checkkit.SameToolRuns(c, sentence, want, runs)
}

// sameOutcome records a failure unless the run ended exactly as want says.
func sameOutcome(c *checkkit.C, sentence string, want outcome, got Result) bool {
	return c.Equal(sentence, want, outcomeOf(got))
}

// sameList records a failure unless the list returned is exactly want.
func sameList(c *checkkit.C, who string, want, got []lab.Message) bool {
	end := "then the answer"
	if last := want[len(want)-1]; last.Role == lab.RoleToolResult {
		end = "the last reply's as well: a run that gives up still answers every call"
	}
	return checkkit.SameMessages(c, "The list "+who+" returned should be the messages it was given, then each reply "+
		"followed by its results, one per call, in call order, "+end+". Counting from 0:", want, got, 0)
}

// showIfFails returns a function that shows the list a call returned, as it
// was returned, and what the model refused, if the run fails after the call.
// Deferred at once, it shows the transcript of the run that failed, and not
// those of the runs before it that passed.
func showIfFails(c *checkkit.C, title string, messages []lab.Message, model *lab.ScriptedModel) func() {
	failed, shown := c.Failed(), lab.CloneMessages(messages)
	return func() {
		if c.Failed() && !failed {
			checkkit.LogConversation(c, title, shown)
			if !slices.ContainsFunc(shown, func(m lab.Message) bool { return m.Error != "" }) {
				checkkit.LogRefusals(c, model) // not in the list already
			}
		}
	}
}
