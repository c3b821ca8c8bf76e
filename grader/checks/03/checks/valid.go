package checks

import (
	"fmt"
	"strings"

	"harnesslab/grader/checkkit"
	"harnesslab/lab"
)

// Lab 1, the list a run leaves behind: one a provider accepts, whether the
// run answered or gave up.

// listValidAtEnd: whether the run answers or gives up, the list it returns is
// one a provider accepts, and it starts with the caller's messages.
func listValidAtEnd(c *checkkit.C) {
	checkkit.Scenarios(c, budgets(2, 3), func(b budgeted) {
		before := append(earlier(b.s), lab.User(b.s.Question))

		h := newHarness(c, b.s, "RunLoop that answers")
		answers := play{b.s, b.s.follows()}.model()
		messages, _ := S.RunLoop(h.model(answers), lab.CloneMessages(before), h.tools, maxSteps)
		show := showIfFails(c, "the run that answered", messages, answers)
		if !noRefusals(c, answers) || !accepted(c, "answered", before, messages) ||
			!sameList(c, "RunLoop", append(lab.CloneMessages(before), play{b.s, b.s.follows()}.want()...), messages) {
			show()
			return
		}
		scribble(messages, h.tools)

		// two calls in each reply, and the budget runs out while it still asks
		h = newHarness(c, b.s, "RunLoop that runs out of steps")
		two := lab.Reply(lab.Text("Let me read both again."), b.s.read(b.s.Chain[0]), b.s.read(b.s.Chain[1]))
		gives := newEndless(c, b.budget, two)
		messages, _ = S.RunLoop(h.model(gives), lab.CloneMessages(before), h.tools, b.budget)
		defer scribble(messages, h.tools)
		defer showIfFails(c, "the run that gave up", messages, gives.model)()
		if !noRefusals(c, gives.model) || !accepted(c, "gave up", before, messages) {
			return
		}
		sameList(c, "RunLoop", append(lab.CloneMessages(before), gaveUpList(b.s, two, b.budget)...), messages)
	})
}

// accepted records a failure unless messages starts with before and is a
// list a provider accepts.
func accepted(c *checkkit.C, how string, before, messages []lab.Message) bool {
	if len(messages) < len(before) {
		c.Errorf("The run that %s returned %s, fewer than the %d it was given.",
			how, checkkit.Plural(len(messages), "message"), len(before))
		return false
	}
	if !checkkit.SameMessages(c, fmt.Sprintf("The list from the run that %s should start with the messages "+
		"RunLoop was given, unchanged. Counting from 0:", how), before, messages[:len(before)], 0) {
		return false
	}
	if problems := lab.Validate(messages); len(problems) > 0 {
		c.Errorf("The list from the run that %s is one a provider would refuse:\n  %s\n"+
			"Every call needs its result right after the reply that made it, even on the last step.",
			how, strings.Join(problems, "\n  "))
		return false
	}
	return true
}
