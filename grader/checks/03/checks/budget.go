package checks

import (
	"fmt"
	"slices"

	"harnesslab/grader/checkkit"
	"harnesslab/lab"
)

// Lab 1, the budget: at most maxSteps model calls, and an end that says
// whether the model answered or the code gave up.

// budgeted is a story and the budget a scenario gives the loop.
type budgeted struct {
	s      story
	budget int
	ask    []lab.Block // the calls of every reply of a model that never stops asking; none: the story's stillAsking
}

// reply is what a model that never stops asking says every time.
func (b budgeted) reply() lab.Message {
	if len(b.ask) == 0 {
		return b.s.stillAsking()
	}
	return lab.Reply(append([]lab.Block{lab.Text("Let me check these once more.")}, b.ask...)...)
}

// budgets pairs the two stories with two budgets.
func budgets(first, second int) []checkkit.Data[budgeted] {
	sets := stories()
	return []checkkit.Data[budgeted]{
		{Name: fmt.Sprintf("%s, maxSteps %d", sets[0].Name, first), Data: budgeted{s: sets[0].Data, budget: first}},
		{Name: fmt.Sprintf("%s, maxSteps %d", sets[1].Name, second), Data: budgeted{s: sets[1].Data, budget: second}},
	}
}

// runEndless runs the student's loop against a model that never stops
// asking, with the question of the story and fresh tools.
func runEndless(c *checkkit.C, b budgeted) (harness, *endless, []lab.Message, Result) {
	h := newHarness(c, b.s, "RunLoop with a model that never stops asking")
	model := newEndless(c, b.budget, b.reply())
	messages, res := S.RunLoop(h.model(model), []lab.Message{lab.User(b.s.Question)}, h.tools, b.budget)
	return h, model, messages, res
}

// calledExactlyMaxSteps: a model that never stops asking is called exactly
// maxSteps times, not once more and not once less, and each of its calls
// runs once.
func calledExactlyMaxSteps(c *checkkit.C) {
	sets := budgets(5, 3)
	sets[0], sets[1] = sets[1], sets[0]
	sets[0].Name += ", two calls in every reply"
	sets[0].Data.ask = []lab.Block{otherStory.read("main.go"), lab.Call("today", nil)}
	checkkit.Scenarios(c, sets, func(b budgeted) {
		h, model, messages, _ := runEndless(c, b)
		defer scribble(messages, h.tools)
		defer showIfFails(c, fmt.Sprintf("with maxSteps %d, the list RunLoop returned", b.budget), messages, model.model)()
		if asked := model.model.Asked(); asked != b.budget {
			c.Errorf("With maxSteps %d and a model that never stops asking, the model should be called exactly %s; "+
				"it was called %s.", b.budget, checkkit.Times(b.budget), checkkit.Asked(model.model))
			return
		}
		if !sameRuns(c, fmt.Sprintf("Each of the %d replies asks for the same again, and each call should run once, "+
			"even the last reply's.", b.budget),
			play{b.s, slices.Repeat([]lab.Message{b.reply()}, b.budget)}.runs(), h.runs) {
			return
		}
		want := append([]lab.Message{lab.User(b.s.Question)}, gaveUpList(b.s, b.reply(), b.budget)...)
		if sameRequests(c, wantRequests(b.s, want, 1), model.model) {
			sameList(c, "RunLoop", want, messages)
		}
	})
}

// gaveUpIsNotAnAnswer: when the budget runs out, the run ends as gave up,
// with no answer text.
func gaveUpIsNotAnAnswer(c *checkkit.C) {
	checkkit.Scenarios(c, budgets(3, 4), func(b budgeted) {
		h, model, messages, res := runEndless(c, b)
		defer scribble(messages, h.tools)
		defer showIfFails(c, fmt.Sprintf("with maxSteps %d, the list RunLoop returned", b.budget), messages, model.model)()
		if sameOutcome(c, fmt.Sprintf("The budget of %d ran out while the model still wanted a file, so the run should end "+
			"as %q with no Text (words written on the way to an answer are not an answer), after %d steps:",
			b.budget, gaveUp, b.budget), outcome{Status: gaveUp, Steps: b.budget}, res) {
			want := append([]lab.Message{lab.User(b.s.Question)}, gaveUpList(b.s, b.reply(), b.budget)...)
			sameConversation(c, b.s, want, 1, model.model, "RunLoop", messages)
		}
	})
}

// budgetOfOne: with maxSteps 1 the model is called once; its call is still
// run and answered, and the run ends as gave up.
func budgetOfOne(c *checkkit.C) {
	checkkit.Scenarios(c, budgets(1, 1), func(b budgeted) {
		h := newHarness(c, b.s, "RunLoop with maxSteps 1")
		ask := b.s.follows()[0]
		model := lab.NewScriptedModel(ask, lab.Say("I should never have been asked this."))
		messages, res := S.RunLoop(h.model(model), []lab.Message{lab.User(b.s.Question)}, h.tools, 1)
		defer scribble(messages, h.tools)
		defer showIfFails(c, "the list RunLoop returned", messages, model)()
		if asked := model.Asked(); asked != 1 {
			c.Errorf("With maxSteps 1 the model should be called exactly once; it was called %s.", checkkit.Asked(model))
			return
		}
		sameOutcome(c, fmt.Sprintf("The one reply asked for %s and the budget is spent: the run should end as %q "+
			"after 1 step, with no Text:", b.s.Chain[0], gaveUp), outcome{Status: gaveUp, Steps: 1}, res)
		want := append([]lab.Message{lab.User(b.s.Question)}, answeredCalls(b.s, []lab.Message{ask}, 1)...)
		if checkkit.SameMessages(c, "The list should end with the last call answered: the question, the reply, "+
			"then the result for c1. Counting from 0:", want, messages, 0) {
			sameRequests(c, wantRequests(b.s, want, 1), model)
		}
	})
}

// answerOnLastStep: a model that answers on exactly the last step the
// budget allows has answered.
func answerOnLastStep(c *checkkit.C) {
	sets := []checkkit.Data[budgeted]{
		{Name: "the lesson's files, three reads and the answer, maxSteps 4", Data: budgeted{s: lessonStory, budget: 4}},
		{Name: "other files, two reads and the answer, maxSteps 3", Data: budgeted{s: otherStory, budget: 3}},
	}
	checkkit.Scenarios(c, sets, func(b budgeted) {
		p := play{b.s, b.s.follows()[len(b.s.Chain)+1-b.budget:]}
		h, model, messages, res := runLoop(c, p, b.budget)
		defer scribble(messages, h.tools)
		defer showIfFails(c, "the list RunLoop returned", messages, model)()
		noRefusals(c, model)
		sameOutcome(c, fmt.Sprintf("With maxSteps %d the model answered at call %d, the last one the budget allows: "+
			"the run should end as %q, with its words, after %d steps. Look for the answer before you decide "+
			"the budget is spent.", b.budget, b.budget, answered, b.budget), outcome{answered, b.s.answer(), b.budget}, res)
		sameConversation(c, b.s, append([]lab.Message{lab.User(b.s.Question)}, p.want()...), 1, model, "RunLoop", messages)
	})
}

// stepsCountsModelCalls: Steps says how many times the model was called,
// whether the run answered or gave up.
func stepsCountsModelCalls(c *checkkit.C) {
	type reads struct {
		budgeted
		reads int // how many files the model reads before it answers, in the run that answers
	}
	sets := []checkkit.Data[reads]{
		{Name: "the lesson's files, two reads then the answer; then maxSteps 2", Data: reads{budgeted{s: lessonStory, budget: 2}, 2}},
		{Name: "other files, one read then the answer; then maxSteps 3", Data: reads{budgeted{s: otherStory, budget: 3}, 1}},
	}
	checkkit.Scenarios(c, sets, func(r reads) {
		b := r.budgeted
		asks := b.s.follows()[len(b.s.Chain)-r.reads:]
		p := play{b.s, asks}
		h, model, messages, res := runLoop(c, p, maxSteps)
		defer scribble(messages, h.tools)
		show := showIfFails(c, "the run that answered", messages, model)
		steps := len(asks) + 1
		if !noRefusals(c, model) || !sameOutcome(c, fmt.Sprintf("The model asked for %s and answered at its call %d, "+
			"so Steps should be %d: a step is one model call, whatever the reply holds.",
			checkkit.Plural(len(asks), "file"), steps, steps), outcome{answered, b.s.answer(), steps}, res) {
			show()
			return
		}

		h, endless, messages, res := runEndless(c, b)
		defer scribble(messages, h.tools)
		defer showIfFails(c, fmt.Sprintf("with maxSteps %d, the list RunLoop returned", b.budget), messages, endless.model)()
		if asked := endless.model.Asked(); res.Steps != asked {
			c.Errorf("Steps should say how many times the model was called. With maxSteps %d and a model that never "+
				"stops asking, the model was called %s, and Steps was %d.", b.budget, checkkit.Asked(endless.model), res.Steps)
			return
		}
		sameOutcome(c, fmt.Sprintf("With maxSteps %d and a model that never stops asking, the model should be called "+
			"%s, and Steps should say so; the model was called %s.", b.budget, checkkit.Times(b.budget),
			checkkit.Asked(endless.model)), outcome{Status: gaveUp, Steps: b.budget}, res)
	})
}

// answersAtOnce: a model that answers at once is called once, and the run
// ends as answered, with its words and Steps 1.
func answersAtOnce(c *checkkit.C) {
	type answer struct {
		budgeted
		says string
	}
	sets := []checkkit.Data[answer]{
		{Name: "an answer with no words at all, maxSteps 1", Data: answer{budgeted{s: otherStory, budget: 1}, ""}},
		{Name: "the lesson's question, maxSteps 8", Data: answer{budgeted{s: lessonStory, budget: 8},
			"I can answer that without reading anything: look where env.go sets it."}},
		{Name: "another question, maxSteps 8", Data: answer{budgeted{s: otherStory, budget: 8},
			"I can answer that without reading anything: look where settings/defaults.go sets it."}},
	}
	checkkit.Scenarios(c, sets, func(a answer) {
		b, says := a.budgeted, a.says
		h := newHarness(c, b.s, "RunLoop with a model that answers at once")
		model := lab.NewScriptedModel(lab.Say(says))
		question := lab.User(b.s.Question)
		messages, res := S.RunLoop(h.model(model), []lab.Message{question}, h.tools, b.budget)
		defer scribble(messages, h.tools)
		defer showIfFails(c, "the list RunLoop returned", messages, model)()

		if asked := model.Asked(); asked != 1 {
			c.Errorf("With maxSteps %d, the model should be called once: its first reply asks for no tool, and that "+
				"ends the run. It was called %s.", b.budget, checkkit.Asked(model))
			return
		}
		want := []lab.Message{question, lab.Say(says)}
		if !sameRequests(c, wantRequests(b.s, want, 1), model) {
			return
		}
		sameOutcome(c, fmt.Sprintf("With maxSteps %d, the reply asks for no tool, so the run ends there: answered, "+
			"with the reply's words, after 1 step:", b.budget), outcome{answered, says, 1}, res)
		sameList(c, "RunLoop", want, messages)
		sameRuns(c, "The model asked for no tool, so no tool should run.", nil, h.runs)
	})
}
