package checks

import (
	"fmt"
	"slices"
	"strings"

	"harnesslab/grader/checkkit"
	"harnesslab/lab"
)

// Lab 1: a loop with a budget, RunLoop.

// followsThreeFiles: asked where the port comes from, the loop reads main.go,
// config.go and env.go in that order, and answers with the line from env.go.
func followsThreeFiles(c *checkkit.C) {
	ws := portWorkspace()
	model := followsModel()
	messages, res := S.RunLoop(model, []lab.Message{lab.User(portQuestion)}, []lab.Tool{readTool(ws)}, 8)
	logConversation(c, "the list RunLoop returned", messages)
	refusals(c, model)

	if want := []string{"main.go", "config.go", "env.go"}; !slices.Equal(ws.Reads(), want) {
		c.Errorf("The files read should be %v, in that order: each reply asks for one file, and the loop should run "+
			"each call and call the model again until it answers. They were %v.", want, ws.Reads())
	}
	if res.Status != S.Answered {
		c.Errorf("The run should end as %q: the model answered at its fourth call. RunLoop returned Status %q.",
			S.Answered, res.Status)
	}
	if res.Text != portAnswer {
		c.Errorf("The run's Text should be the words of the model's last reply, written after it read env.go: %s. Got %s.",
			checkkit.Quote(portAnswer), checkkit.Quote(res.Text))
	}
}

// resultsRightAfterTheirReply: each reply's results come right after it, one
// per call in call order, before the model is called again.
func resultsRightAfterTheirReply(c *checkkit.C) {
	ws := portWorkspace()
	model := lab.NewScriptedModel(
		lab.Reply(lab.Text("Both of these first."), read("main.go"), read("config.go")),
		lab.Reply(lab.Text("Now env.go."), read("env.go")),
		quoteLine("c3", "const defaultPort"),
	)
	question := lab.User(portQuestion)
	messages, _ := S.RunLoop(model, []lab.Message{question}, []lab.Tool{readTool(ws)}, 8)
	logConversation(c, "the list RunLoop returned", messages)
	refusals(c, model)

	want := []lab.Message{
		question,
		lab.Reply(lab.Text("Both of these first."), read("main.go").WithID("c1"), read("config.go").WithID("c2")),
		result("c1", portFiles["main.go"]),
		result("c2", portFiles["config.go"]),
		lab.Reply(lab.Text("Now env.go."), read("env.go").WithID("c3")),
		result("c3", portFiles["env.go"]),
		lab.Say(portAnswer),
	}
	requests := model.Calls()
	for i, size := range []int{1, 4, 6} {
		if i >= len(requests) {
			c.Errorf("The model should have been called 3 times: twice it asks for files, the third time it answers. "+
				"It answered %s.", times(len(requests)))
			break
		}
		c.Equal(fmt.Sprintf("Request %d should carry everything so far: each reply, then its results, one per call, in call order.", i+1),
			want[:size], requests[i].Messages, asSent...)
	}
	c.Equal("The list RunLoop returns should be the question, then each reply followed by its results, then the answer.",
		want, messages, asSent...)
}

// toolsInEveryRequest: every request describes the tools, the last as well
// as the first.
func toolsInEveryRequest(c *checkkit.C) {
	ws := portWorkspace()
	tool := readTool(ws)
	model := followsModel()
	messages, _ := S.RunLoop(model, []lab.Message{lab.User(portQuestion)}, []lab.Tool{tool}, 8)
	logConversation(c, "the list RunLoop returned", messages)
	refusals(c, model)

	for i, request := range model.Calls() {
		if len(request.Tools) == 0 {
			c.Errorf("Request %d described no tools. The model knows only what the request in front of it says, "+
				"so every request must carry the tool specs, the last as well as the first.", i+1)
			continue
		}
		c.Equal(fmt.Sprintf("Request %d should describe the read tool, exactly as ToolSpecs writes it.", i+1),
			[]lab.Spec{specOf(tool)}, request.Tools)
	}
}

// answersAtOnce: a model that answers at once is called once, and the run
// ends as answered, with its words and Steps 1.
func answersAtOnce(c *checkkit.C) {
	model := lab.NewScriptedModel(lab.Say("The port is set in env.go."))
	question := lab.User("Where is the port set?")
	messages, res := S.RunLoop(model, []lab.Message{question}, []lab.Tool{readTool(portWorkspace())}, 8)
	logConversation(c, "the list RunLoop returned", messages)
	refusals(c, model)

	c.Equal("The reply asks for no tool, so the run ends there: answered, with the reply's words, after 1 step.",
		outcome{S.Answered, "The port is set in env.go.", 1}, outcomeOf(res))
	c.Equal("The list should be the question, then the answer.",
		[]lab.Message{question, lab.Say("The port is set in env.go.")}, messages, asSent...)
}

// calledExactlyMaxSteps: a model that never stops asking is called exactly
// maxSteps times, not once more and not once less.
func calledExactlyMaxSteps(c *checkkit.C) {
	for _, budget := range []int{3, 5} {
		model := newEndless(c, budget, stillAsking)
		messages, _ := S.RunLoop(model, []lab.Message{lab.User(portQuestion)}, []lab.Tool{readTool(portWorkspace())}, budget)
		logConversation(c, fmt.Sprintf("with maxSteps %d, the list RunLoop returned", budget), messages)
		refusals(c, model.model)
		if got := len(model.Calls()); got != budget {
			c.Errorf("With maxSteps %d and a model that never stops asking, the model should be called exactly %d times; "+
				"it was called %s.", budget, budget, times(got))
		}
	}
}

// gaveUpIsNotAnAnswer: when the budget runs out, the run ends as gave up,
// with no answer text.
func gaveUpIsNotAnAnswer(c *checkkit.C) {
	model := newEndless(c, 3, stillAsking)
	messages, res := S.RunLoop(model, []lab.Message{lab.User(portQuestion)}, []lab.Tool{readTool(portWorkspace())}, 3)
	logConversation(c, "the list RunLoop returned", messages)
	refusals(c, model.model)

	if res.Status != S.GaveUp {
		c.Errorf("The run should end as %q: the budget of 3 ran out while the model still wanted a file. RunLoop returned Status %q.",
			S.GaveUp, res.Status)
	}
	if res.Text != "" {
		c.Errorf("A run that gave up has no answer, so its Text should be empty. It was %s: "+
			"words written on the way to an answer are not an answer.", checkkit.Quote(res.Text))
	}
}

// budgetOfOne: with maxSteps 1 the model is called once; its call is still
// run and answered, and the run ends as gave up.
func budgetOfOne(c *checkkit.C) {
	ws := portWorkspace()
	model := lab.NewScriptedModel(
		lab.Reply(lab.Text("Let me start where the program starts."), read("main.go")),
		lab.Say("main.go calls loadConfig."),
	)
	question := lab.User(portQuestion)
	messages, res := S.RunLoop(model, []lab.Message{question}, []lab.Tool{readTool(ws)}, 1)
	logConversation(c, "the list RunLoop returned", messages)
	refusals(c, model)

	if got := len(model.Calls()); got != 1 {
		c.Errorf("With maxSteps 1 the model should be called exactly once; it was called %s.", times(got))
	}
	c.Equal("The one reply asked for main.go and the budget is spent: the run gave up after 1 step, with no text.",
		outcome{Status: S.GaveUp, Steps: 1}, outcomeOf(res))
	c.Equal("The list should end with the call answered: the question, the reply, the result for c1.",
		[]lab.Message{question,
			lab.Reply(lab.Text("Let me start where the program starts."), read("main.go").WithID("c1")),
			result("c1", portFiles["main.go"])},
		messages, asSent...)
}

// stepsCountsModelCalls: Steps says how many times the model was called,
// whether the run answered or gave up.
func stepsCountsModelCalls(c *checkkit.C) {
	answers := lab.NewScriptedModel(
		lab.Reply(lab.Text("Let me start where the program starts."), read("main.go")),
		lab.Reply(lab.Text("Now config.go."), read("config.go")),
		lab.Say("config.go falls back to defaultPort."),
	)
	messages, res := S.RunLoop(answers, []lab.Message{lab.User(portQuestion)}, []lab.Tool{readTool(portWorkspace())}, 8)
	logConversation(c, "the run that answered", messages)
	refusals(c, answers)
	if res.Steps != 3 {
		c.Errorf("The model asked for two files and answered at its third call, so Steps should be 3; it was %d. "+
			"A step is one model call, whatever the reply holds.", res.Steps)
	}

	gives := newEndless(c, 2, stillAsking)
	messages, res = S.RunLoop(gives, []lab.Message{lab.User(portQuestion)}, []lab.Tool{readTool(portWorkspace())}, 2)
	logConversation(c, "the run that gave up", messages)
	refusals(c, gives.model)
	if calls := len(gives.Calls()); res.Steps != calls || res.Steps != 2 {
		c.Errorf("With maxSteps 2 and a model that never stops asking, the model should be called twice and Steps "+
			"should say so: 2. Steps was %d, and the model was called %s.", res.Steps, times(calls))
	}
}

// listValidAtEnd: whether the run answers or gives up, the list it returns is
// one a provider accepts, and it starts with the caller's messages.
func listValidAtEnd(c *checkkit.C) {
	before := []lab.Message{lab.User("Hi, I'm Ada."), lab.Say("Hello, Ada."), lab.User(portQuestion)}

	answers := followsModel()
	messages, _ := S.RunLoop(answers, slices.Clone(before), []lab.Tool{readTool(portWorkspace())}, 8)
	logConversation(c, "the run that answered", messages)
	refusals(c, answers)
	checkAccepted(c, "answered", before, messages)

	// two calls in each reply, and the budget runs out after the second reply
	two := lab.Reply(lab.Text("Let me read both again."), read("main.go"), read("config.go"))
	gives := newEndless(c, 2, two)
	messages, _ = S.RunLoop(gives, slices.Clone(before), []lab.Tool{readTool(portWorkspace())}, 2)
	logConversation(c, "the run that gave up", messages)
	refusals(c, gives.model)
	checkAccepted(c, "gave up", before, messages)
}

func checkAccepted(c *checkkit.C, how string, before, messages []lab.Message) {
	if len(messages) < len(before) {
		c.Errorf("The run that %s returned %d messages, fewer than the %d it was given.", how, len(messages), len(before))
		return
	}
	c.Equal(fmt.Sprintf("The list from the run that %s should start with the messages RunLoop was given.", how),
		before, messages[:len(before)], asSent...)
	if problems := lab.Validate(messages); len(problems) > 0 {
		c.Errorf("The list from the run that %s is one a provider would refuse:\n  %s\n"+
			"Every call needs its result right after the reply that made it, even on the last step.",
			how, strings.Join(problems, "\n  "))
	}
}

// callsRunWhateverStopReason: a reply that holds a call gets it run, even
// when its stop reason says "stop".
func callsRunWhateverStopReason(c *checkkit.C) {
	ws := portWorkspace()
	inner := lab.NewScriptedModel(
		lab.Reply(lab.Text("Let me read config.go."), read("config.go")),
		lab.Say("config.go falls back to defaultPort."),
	)
	messages, res := S.RunLoop(mislabelled{inner}, []lab.Message{lab.User(portQuestion)}, []lab.Tool{readTool(ws)}, 8)
	logConversation(c, "the list RunLoop returned", messages)
	refusals(c, inner)

	if reads := ws.Reads(); !slices.Equal(reads, []string{"config.go"}) {
		c.Errorf("The first reply holds a call to read config.go, and its stop reason says %q. The call is in the content, "+
			"so the loop should run it; the files read were %v. Go by the calls ToolCalls finds, not by StopReason.",
			"stop", reads)
	}
	if res.Text != "config.go falls back to defaultPort." {
		c.Errorf("The run should end with the words of the reply written after config.go was read; its Text was %s.",
			checkkit.Quote(res.Text))
	}
}
