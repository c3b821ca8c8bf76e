package checks

import (
	"fmt"
	"strings"

	"harnesslab/grader/checkkit"
	"harnesslab/lab"
)

// Lab 1: a failure is a result. The checks of whole runs of the loop.

// report is what the reporting model answers once it has the results: which
// calls worked, with the first text one returned, and which failed.
func report(results []lab.Message) string {
	var worked, failed []string
	first := ""
	for _, r := range results {
		if r.IsError {
			failed = append(failed, r.ToolCallID)
			continue
		}
		worked = append(worked, r.ToolCallID)
		if first == "" {
			first = strings.TrimSpace(r.Content)
		}
	}
	return fmt.Sprintf("Worked: %s (%s). Failed: %s.", checkkit.Commas(worked), first, checkkit.Commas(failed))
}

// reportingModel asks for calls, then answers with report of what its
// request shows.
func reportingModel(text string, calls []lab.Block) *lab.ScriptedModel {
	return lab.NewScriptedModel(reply(text, calls), lab.Respond(func(r lab.Request) lab.Message {
		var results []lab.Message
		for _, m := range r.Messages {
			if m.Role == lab.RoleToolResult {
				results = append(results, m)
			}
		}
		return lab.Say(report(results))
	}))
}

func severalFailuresInOrder(c *checkkit.C) {
	type data struct {
		d        disk
		calls    []lab.Block
		outcomes func(d disk) []outcome
		runs     []int // which calls run their tool
	}
	read := func(path string) lab.Block { return lab.Call("read", lab.Args{"path": path}) }
	checkkit.Scenarios(c, []checkkit.Data[data]{
		{Name: disks[0].Name, Data: data{disks[0].Data,
			[]lab.Block{read("notes.md"), read("config.py"), read("config.py"), lab.Call("raed", lab.Args{"path": "main.go"}), lab.Call("read", lab.Args{})},
			func(d disk) []outcome {
				return []outcome{fails("read notes.md: file does not exist"), gets(d.text("config.py")), gets(d.text("config.py")),
					fails("no tool called raed"), fails("missing input path")}
			}, []int{0, 1, 2}}},
		{Name: disks[1].Name, Data: data{disks[1].Data,
			[]lab.Block{read("TODO.txt"), read("config.py"), read("config.py"), lab.Call("Read", lab.Args{"path": "server.go"}), read("")},
			func(d disk) []outcome {
				return []outcome{fails("read TODO.txt: file does not exist"), gets(d.text("config.py")), gets(d.text("config.py")),
					fails("no tool called Read"), fails("read : file does not exist")}
			}, []int{0, 1, 2, 4}}},
	}, func(data data) {
		ws := data.d.workspace()
		var runs checkkit.ToolRuns
		question := "Look at " + data.d.config + " and the files around it."
		model := reportingModel("Let me look.", data.calls)
		rec := c.Record("Chat with calls that fail")
		rec.Watch(ws)
		messages, result := S.Chat(rec.Model(model), nil, question, runs.Wrap(rec.Tools(checkkit.ReadTool(ws))...))

		calls := withIDs(1, data.calls...)
		answers := results(calls, data.outcomes(data.d)...)
		answer := report(answers)
		want := append([]lab.Message{lab.User(question), reply("Let me look.", calls)}, answers...)
		want = append(want, lab.Say(answer))
		shown := make([]string, len(calls))
		for i, call := range calls {
			shown[i] = describe(call)
		}
		what := fmt.Sprintf("One reply asked for %s. The list should hold one result per call, in call order, "+
			"each saying what happened to its own call, and then the model's answer.", checkkit.List(shown))
		if !checkkit.SameStory(c, checkkit.Story{What: what, Want: want, Tools: []lab.Tool{checkkit.ReadTool(ws)}, System: system}, model, messages) {
			return
		}
		var wantRuns []lab.Block
		for _, i := range data.runs {
			wantRuns = append(wantRuns, calls[i])
		}
		sameRuns(c, "Every call that names a tool and gives its inputs should run that tool once, in call order:",
			ran(wantRuns...), &runs)
		c.Equal("The run should end with the model's answer, which reports what it saw in the results.",
			Result{Status: answered, Text: answer, Steps: 2}, result)
	})
}

func modelCorrectsItself(c *checkkit.C) {
	type data struct {
		d        disk
		history  []lab.Message
		question string
		wrong    string // the misspelt tool name
	}
	checkkit.Scenarios(c, []checkkit.Data[data]{
		{Name: disks[0].Name, Data: data{disks[0].Data,
			[]lab.Message{lab.User("Hi, I am Ada."), lab.Say("Hello Ada.")}, "What port does config.py set?", "raed"}},
		{Name: disks[1].Name, Data: data{disks[1].Data,
			[]lab.Message{lab.User("Hello, this is Grace."), lab.Say("Hi Grace, what can I do?")},
			"Which port does the server use?", "reed"}},
	}, func(data data) {
		ws := data.d.workspace()
		var runs checkkit.ToolRuns
		wrong := lab.Call(data.wrong, lab.Args{"path": data.d.config})
		right := lab.Call("read", lab.Args{"path": data.d.config})
		model := lab.NewScriptedModel(
			lab.Reply(wrong),
			lab.Respond(func(r lab.Request) lab.Message {
				// It can only go by what the request shows it.
				if res, ok := r.ResultFor("c1"); ok && res.IsError && strings.Contains(res.Content, data.wrong) {
					return lab.Reply(lab.Text("My mistake."), right)
				}
				return lab.Say("I could not find the port.")
			}),
			lab.Respond(func(r lab.Request) lab.Message {
				res, _ := r.ResultFor("c2")
				return lab.Say(data.d.config + " sets " + strings.TrimSpace(res.Content) + ".")
			}),
		)
		history := lab.CloneMessages(data.history)
		rec := c.Record("Chat with a misspelt call, then the right one")
		rec.Watch(ws)
		messages, result := S.Chat(rec.Model(model), history, data.question, runs.Wrap(rec.Tools(checkkit.ReadTool(ws))...))
		checkkit.SameMessages(c, "Chat changed the list the caller handed it; the caller's messages are the caller's, "+
			"and Chat should only append to its own copy:", data.history, history, 0)

		answer := data.d.config + " sets PORT = " + data.d.port + "."
		calls := withIDs(1, wrong, right)
		want := append(lab.CloneMessages(data.history), lab.User(data.question),
			reply("", calls[:1]), failed(calls[0], "no tool called "+data.wrong),
			reply("My mistake.", calls[1:]), worked(calls[1], data.d.text(data.d.config)), lab.Say(answer))
		what := fmt.Sprintf("The model asks for %s, a tool that does not exist, reads the error result, asks for "+
			"read instead, and answers from the file.", describe(calls[0]))
		if !checkkit.SameStory(c, checkkit.Story{What: what, Want: want, Tools: []lab.Tool{checkkit.ReadTool(ws)}, From: len(data.history), System: system},
			model, messages) {
			return
		}
		sameRuns(c, "Only the corrected call runs a tool:", ran(calls[1]), &runs)
		c.Equal("Having corrected its call, the model answers from the file: the run ends with the port it read.",
			Result{Status: answered, Text: answer, Steps: 3}, result)
	})
}

func failedCallsWithinBudget(c *checkkit.C) {
	type data struct {
		d     disk
		calls []lab.Block // one failing call per step, before the answer
		whys  []string
	}
	checkkit.Scenarios(c, []checkkit.Data[data]{
		{Name: "two failed steps: " + disks[0].Name, Data: data{disks[0].Data,
			[]lab.Block{lab.Call("raed", lab.Args{"path": "config.py"}), lab.Call("read", lab.Args{"path": "notes.md"})},
			[]string{"no tool called raed", "read notes.md: file does not exist"}}},
		{Name: "three failed steps: " + disks[1].Name, Data: data{disks[1].Data,
			[]lab.Block{lab.Call("read", lab.Args{"file": "config.py"}), lab.Call("Read", lab.Args{"path": "config.py"}),
				lab.Call("read", lab.Args{"path": "TODO.txt"})},
			[]string{"missing input path", "no tool called Read", "read TODO.txt: file does not exist"}}},
	}, func(data data) {
		for _, budget := range []int{len(data.calls) + 1, len(data.calls)} {
			if !withinBudget(c, data.d, data.calls, data.whys, budget) {
				return
			}
		}
	})
}

// withinBudget runs the student's loop with a budget of budget steps and a
// model that makes one failing call per step and then answers, and compares
// the whole run with what it should be.
func withinBudget(c *checkkit.C, d disk, failing []lab.Block, whys []string, budget int) bool {
	ws := d.workspace()
	steps := make([]lab.Step, 0, len(failing)+1)
	for _, call := range failing {
		steps = append(steps, lab.Reply(call))
	}
	answer := fmt.Sprintf("%d calls failed, so I cannot tell which port %s sets.", len(failing), d.config)
	steps = append(steps, lab.Say(answer))
	model := lab.NewScriptedModel(steps...)
	question := "Which port does " + d.config + " set?"
	rec := c.Record(fmt.Sprintf("RunLoop with %s, maxSteps %d", checkkit.Plural(len(failing), "failing call"), budget))
	rec.Watch(ws)
	messages, result := S.RunLoop(rec.Model(model), []lab.Message{lab.User(question)}, rec.Tools(checkkit.ReadTool(ws)), budget)

	calls := withIDs(1, failing...)
	want := []lab.Message{lab.User(question)}
	for i := range min(budget, len(calls)) {
		want = append(want, reply("", calls[i:i+1]), failed(calls[i], whys[i]))
	}
	wantResult := Result{Status: gaveUp, Steps: budget}
	what := fmt.Sprintf("With a budget of %d steps, the model makes %s, one a step, and would answer on step %d: "+
		"the budget runs out first, and the run gives up with every call answered.", budget,
		checkkit.Plural(len(calls), "failing call"), len(calls)+1)
	if budget > len(calls) {
		want = append(want, lab.Say(answer))
		wantResult = Result{Status: answered, Text: answer, Steps: budget}
		what = fmt.Sprintf("With a budget of %d steps, the model makes %s, one a step, and answers on step %d, "+
			"the last one allowed: a failed call costs its step and no more, and the run ends with the answer.",
			budget, checkkit.Plural(len(calls), "failing call"), budget)
	}
	if !checkkit.SameStory(c, checkkit.Story{What: what, Want: want, Tools: []lab.Tool{checkkit.ReadTool(ws)}, System: system}, model, messages) {
		return false
	}
	return c.Equal(what+" The run should end with "+showResult(wantResult)+":", wantResult, result)
}
