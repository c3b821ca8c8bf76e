package checks

import (
	"fmt"

	"harnesslab/grader/checkkit"
	"harnesslab/lab"
)

// Lab 1: a loop with a budget, RunLoop. These checks follow the model
// through the files; budget.go holds the checks of the budget.

// plays pairs each story with the replies its model makes, after a first
// run of the second story with the read tool called "open". Runs that differ
// in more than their data come first, so that a run that fails after others
// passed points at state kept between calls.
func plays(asks func(s story) []lab.Message) []checkkit.Data[play] {
	sets := append([]checkkit.Data[story]{{Name: "other files, the read tool called \"open\"", Data: renamed(otherStory, "open")}}, stories()...)
	var out []checkkit.Data[play]
	for _, d := range sets {
		out = append(out, checkkit.Data[play]{Name: d.Name, Data: play{d.Data, asks(d.Data)}})
	}
	return out
}

// runLoop runs the student's loop on the play's model, with the play's
// question and fresh tools, and attaches its transcript to c.
func runLoop(c *checkkit.C, p play, budget int) (harness, *lab.ScriptedModel, []lab.Message, Result) {
	h := newHarness(c, p.s, "RunLoop on the question")
	model := p.model()
	messages, res := S.RunLoop(h.model(model), []lab.Message{lab.User(p.s.Question)}, h.tools, budget)
	return h, model, messages, res
}

// followsThreeFiles: asked where the port comes from, the loop reads the
// three files in order and answers with the line from the last.
func followsThreeFiles(c *checkkit.C) {
	checkkit.Scenarios(c, plays(story.follows), func(p play) {
		h, model, messages, res := runLoop(c, p, maxSteps)
		defer scribble(messages, h.tools)
		defer showIfFails(c, "the list RunLoop returned", messages, model)()
		noRefusals(c, model)
		checkkit.SameReads(c, "Each reply asks for one file, and the loop should run each call and call the model "+
			"again, until it answers. The files read should be, in order:", p.s.Chain, h.ws)
		steps := len(p.asks) + 1
		sameOutcome(c, fmt.Sprintf("The model answered at its call %d, so the run should end as answered, "+
			"with the words of that last reply, after %d steps:", steps, steps),
			outcome{answered, p.s.answer(), steps}, res)
		if !c.Failed() {
			sameConversation(c, p.s, append([]lab.Message{lab.User(p.s.Question)}, p.want()...), 1, model, "RunLoop", messages)
		}
	})
}

// resultsRightAfterTheirReply: each reply's results come right after it, one
// per call in call order, before the model is called again.
func resultsRightAfterTheirReply(c *checkkit.C) {
	sets := []checkkit.Data[play]{
		{Name: "the same call twice in one reply, a call with no arguments, an empty file", Data: play{otherStory, []lab.Message{
			lab.Reply(lab.Text("Twice, to be sure, and the date."), otherStory.read("main.go"),
				otherStory.read("main.go"), lab.Call("today", nil)),
			lab.Reply(otherStory.read("settings/README"), otherStory.read("settings/load.go")),
			lab.Reply(lab.Text("Now the defaults."), otherStory.read("settings/defaults.go")),
		}}},
		{Name: "two calls in the first reply", Data: play{lessonStory, []lab.Message{
			lab.Reply(lab.Text("Both of these first."), lessonStory.read("main.go"), lessonStory.read("config.go")),
			lab.Reply(lab.Text("Now env.go."), lessonStory.read("env.go")),
		}}},
	}
	checkkit.Scenarios(c, sets, func(p play) {
		h, model, messages, _ := runLoop(c, p, maxSteps)
		defer scribble(messages, h.tools)
		defer showIfFails(c, "the list RunLoop returned", messages, model)()
		want := append([]lab.Message{lab.User(p.s.Question)}, p.want()...)
		if !sameConversation(c, p.s, want, 1, model, "RunLoop", messages) {
			return
		}
		sameRuns(c, "Each call should run its tool once, with the arguments the model wrote, in call order.", p.runs(), h.runs)
	})
}

// toolsInEveryRequest: every request carries the system prompt and
// describes the tools, the last as well as the first.
func toolsInEveryRequest(c *checkkit.C) {
	checkkit.Scenarios(c, plays(story.follows), func(p play) {
		h, model, messages, _ := runLoop(c, p, maxSteps)
		defer scribble(messages, h.tools)
		defer showIfFails(c, "the list RunLoop returned", messages, model)()
		if !noRefusals(c, model) {
			return
		}
		specs := p.s.specs()
		for i, got := range model.Calls() {
			want := lab.Request{System: system, Messages: got.Messages, Tools: specs}
			if !sameRequest(c, i+1, want, got) {
				return
			}
		}
		sameConversation(c, p.s, append([]lab.Message{lab.User(p.s.Question)}, p.want()...), 1, model, "RunLoop", messages)
	})
}

// callsRunWhateverStopReason: a reply that holds a call gets it run, even
// when its stop reason says "stop".
func callsRunWhateverStopReason(c *checkkit.C) {
	checkkit.Scenarios(c, plays(func(s story) []lab.Message {
		last := s.Chain[len(s.Chain)-1]
		return []lab.Message{lab.Reply(lab.Text("Let me read "+last+"."), s.read(last))}
	}), func(p play) {
		h := newHarness(c, p.s, "RunLoop with a call in a reply marked stop")
		model := p.model()
		messages, res := S.RunLoop(h.model(mislabelled{model}), []lab.Message{lab.User(p.s.Question)}, h.tools, maxSteps)
		defer scribble(messages, h.tools)
		defer showIfFails(c, "the list RunLoop returned", messages, model)()
		last := p.s.Chain[len(p.s.Chain)-1]
		if !checkkit.SameReads(c, fmt.Sprintf("The first reply holds a call to read %s, and its stop reason says \"stop\". "+
			"The call is in the content, so the loop should run it: go by the calls ToolCalls finds, not by StopReason.", last),
			[]string{last}, h.ws) {
			return
		}
		if !noRefusals(c, model) || !sameOutcome(c, "The run should end as answered, with the words of the reply "+
			"written after the file was read, after 2 steps:", outcome{answered, p.s.answer(), 2}, res) {
			return
		}
		sameConversation(c, p.s, append([]lab.Message{lab.User(p.s.Question)}, p.want()...), 1, model, "RunLoop", messages)
	})
}

// eachCallRunsOnce: every call runs its tool exactly once, with the
// arguments the model wrote, even when the model asks for the same thing
// again.
func eachCallRunsOnce(c *checkkit.C) {
	sets := []checkkit.Data[play]{
		{Name: "main.go asked for twice in one reply, then once more", Data: play{lessonStory, []lab.Message{
			lab.Reply(lab.Text("Let me read main.go twice, to be sure."), lessonStory.read("main.go"), lessonStory.read("main.go")),
			lab.Reply(lab.Text("Once more, and env.go."), lessonStory.read("main.go"), lessonStory.read("env.go")),
		}}},
		{Name: "the date and the defaults, asked for in two replies running", Data: play{otherStory, []lab.Message{
			lab.Reply(lab.Call("today", nil), otherStory.read("settings/defaults.go")),
			lab.Reply(lab.Text("Again: files change."), lab.Call("today", nil), otherStory.read("settings/defaults.go")),
		}}},
	}
	checkkit.Scenarios(c, sets, func(p play) {
		h, model, messages, _ := runLoop(c, p, maxSteps)
		defer scribble(messages, h.tools)
		defer showIfFails(c, "the list RunLoop returned", messages, model)()
		if !noRefusals(c, model) {
			return
		}
		if !sameRuns(c, "Every call the model writes should run its tool exactly once, with exactly the arguments "+
			"the model wrote, even when it asks for the same thing twice: no call skipped or answered from memory, "+
			"none run twice, nothing added.", p.runs(), h.runs) {
			return
		}
		sameConversation(c, p.s, append([]lab.Message{lab.User(p.s.Question)}, p.want()...), 1, model, "RunLoop", messages)
	})
}
