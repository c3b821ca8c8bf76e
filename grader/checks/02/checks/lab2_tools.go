package checks

import (
	"fmt"

	"harnesslab/grader/checkkit"
	"harnesslab/lab"
)

// Lab 2: the tools a request describes, and a reply that asks for none.

// toolsData is one run of tools_in_every_request: a disk, the tools (built
// afresh from the kit's constructors each time it is called), the file the
// model asks for, and the date the today tool returns.
type toolsData struct {
	files    disk
	tools    func(ws *lab.Workspace) []lab.Tool
	path     string
	date     string
	question string
}

// toolsModel asks for d.path and the date in one reply (today takes no
// arguments), then reports both results.
func toolsModel(d toolsData) *lab.ScriptedModel {
	return lab.NewScriptedModel(askForFileAndDate(d), lab.Respond(func(r lab.Request) lab.Message {
		file, _ := r.ResultFor("c1")
		date, _ := r.ResultFor("c2")
		return lab.Say(report(d.path, file.Content) + " Today is " + date.Content + ".")
	}))
}

// askForFileAndDate is the reply that asks for d.path and the date.
func askForFileAndDate(d toolsData) lab.Message {
	return lab.Reply(lab.Call("read", lab.Args{"path": d.path}), lab.Call("today", nil))
}

// toolsInEveryRequest: every request tells the model each tool's name,
// description and parameters, no more. (A lab.Spec has no room for more: the
// Execute function cannot travel, and the compiler already sees to that.)
func toolsInEveryRequest(c *checkkit.C) {
	checkkit.Scenarios(c, []checkkit.Data[toolsData]{
		{Name: "the lesson's tools, today and read", Data: toolsData{lessonFiles, func(ws *lab.Workspace) []lab.Tool {
			return []lab.Tool{checkkit.TodayTool("2026-09-19"), checkkit.ReadTool(ws)}
		}, "config.py", "2026-09-19", portQuestion}},
		{Name: "three tools in another order", Data: toolsData{otherFiles, func(ws *lab.Workspace) []lab.Tool {
			return []lab.Tool{search("settings.toml:1: port = 6543"), checkkit.ReadTool(ws), checkkit.TodayTool("2027-01-05")}
		}, "settings.toml", "2027-01-05", "Which port does settings.toml give, and what is the date?"}},
	}, func(d toolsData) {
		ws := d.files.workspace()
		rec := c.Record("two turns of Chat, the tools edited between them")
		rec.Watch(ws)
		var runs checkkit.ToolRuns
		handed := runs.Wrap(rec.Tools(d.tools(ws)...)...)
		fresh := d.tools(nil) // pristine: built by the kit's own constructors, never handed to student code
		if !toolsTrip(c, rec, d, handed, &runs, func() []lab.Tool { return d.tools(nil) }, "") || !sameTools(c, "Chat", fresh, handed) {
			return
		}

		// The caller owns its tools: it edits their descriptions, and asks again.
		edit := func(tools []lab.Tool) []lab.Tool {
			for i := range tools {
				tools[i].Description += " (Edited by the caller.)"
			}
			return tools
		}
		edit(handed)
		var again checkkit.ToolRuns
		copy(handed, again.Wrap(handed...)) // the same slice, its runs counted afresh
		c.Logf("the caller added \"(Edited by the caller.)\" to the description of every tool it handed Chat, and asked again")
		toolsTrip(c, rec, d, handed, &again, func() []lab.Tool { return edit(d.tools(nil)) },
			" After the caller edited its tools, the requests should describe them as they are now.")
	})
}

// toolsTrip runs Chat on d from a nil list with tools, and checks its two
// requests whole against the tools that want builds afresh, and the runs;
// rec writes the conversation down.
func toolsTrip(c *checkkit.C, rec *lab.Recorder, d toolsData, tools []lab.Tool, runs *checkkit.ToolRuns, want func() []lab.Tool, more string) bool {
	model := toolsModel(d)
	messages, _ := S.Chat(rec.Model(model), nil, d.question, tools)
	fresh := want()
	asked := askForFileAndDate(d)
	asked.Blocks[0].ID, asked.Blocks[1].ID = "c1", "c2"
	if !accepted(c, "The reply asked for "+d.path+" and the date", model, messages) {
		return false
	}
	ok := sameRequests(c, fmt.Sprintf("Both requests should describe the tools %s, in that order, each by its name, description and "+
		"parameters, exactly as the tools were handed to Chat. The model keeps nothing between requests, tools included.%s",
		checkkit.List(specNames(checkkit.SpecsOf(fresh))), more),
		[]lab.Request{
			request(fresh, lab.User(d.question)),
			request(fresh, lab.User(d.question), asked,
				checkkit.Result("c1", "read", d.files[d.path]), checkkit.Result("c2", "today", d.date)),
		}, model)
	if ok && !checkkit.SameRuns(c, "The reply asked for read, then today (a call without arguments), each once.", []string{"read", "today"}, runs) {
		checkkit.LogConversation(c, "the list Chat returned", messages)
		return false
	}
	return ok
}

// quietData is one run of no_tools_one_call: a conversation so far, what the
// user says and what the model answers, without asking for a tool.
type quietData struct {
	history  []lab.Message
	question string
	words    string
}

// noToolsOneCall: when the reply asks for no tools, Chat makes one model call
// and returns its text.
func noToolsOneCall(c *checkkit.C) {
	checkkit.Scenarios(c, []checkkit.Data[quietData]{
		{Name: "a greeting", Data: quietData{
			[]lab.Message{lab.User("I look after the billing server.")}, "Hi!", "Hello! Ask me about any file."}},
		{Name: "a thank-you, later in another conversation", Data: quietData{
			[]lab.Message{lab.User("Hi!"), lab.Say("Hello! Ask me about any file."), lab.User("What is in config.py?"),
				lab.Say("I can read it for you.")}, "Thanks, that is all.", "You are welcome."}},
	}, func(d quietData) {
		ws := lessonFiles.workspace()
		rec := c.Record("Chat with two tools, a reply that asks for none")
		rec.Watch(ws)
		var runs checkkit.ToolRuns
		model := lab.NewScriptedModel(lab.Say(d.words))
		messages, answer := S.Chat(rec.Model(model), lab.CloneMessages(d.history), d.question,
			runs.Wrap(rec.Tools(checkkit.ReadTool(ws), checkkit.TodayTool("2026-09-19"))...))

		fresh := []lab.Tool{checkkit.ReadTool(nil), checkkit.TodayTool("2026-09-19")}
		sent := append(lab.CloneMessages(d.history), lab.User(d.question))
		if !sameRequests(c, "The reply asks for no tools, so Chat should ask the model once: the list so far and the question, "+
			"with the lesson's System and both tools.", []lab.Request{request(fresh, sent...)}, model) ||
			!sameAnswer(c, "Chat should return the words of the reply.", d.words, answer) ||
			!sameList(c, "Chat should return the list it was handed, grown by the question and the reply, and nothing else.",
				append(lab.CloneMessages(sent), lab.Say(d.words)), messages) ||
			!checkkit.SameRuns(c, "No tool was asked for, so no tool should run.", nil, &runs) {
			return
		}
		checkkit.SameReads(c, "No tool was asked for, so no file should be read.", nil, ws)
	})
}
