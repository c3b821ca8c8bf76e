package checks

import (
	"fmt"

	"harnesslab/grader/checkkit"
	"harnesslab/lab"
)

// Lab 2: the tools a request describes, and a reply that asks for none.

// toolsData is one run of tools_in_every_request: a disk, the tools (built
// afresh from the kit's constructors each time it is called), and the file
// the model asks for.
type toolsData struct {
	files    disk
	tools    func(ws *lab.Workspace) []lab.Tool
	path     string
	question string
}

// toolsInEveryRequest: every request tells the model each tool's name,
// description and parameters, no more. (A lab.Spec has no room for more: the
// Execute function cannot travel, and the compiler already sees to that.)
func toolsInEveryRequest(c *checkkit.C) {
	checkkit.Scenarios(c, []checkkit.Data[toolsData]{
		{Name: "the lesson's tools, today and read", Data: toolsData{lessonFiles, func(ws *lab.Workspace) []lab.Tool {
			return []lab.Tool{checkkit.TodayTool("2026-09-19"), checkkit.ReadTool(ws)}
		}, "config.py", portQuestion}},
		{Name: "three tools in another order", Data: toolsData{otherFiles, func(ws *lab.Workspace) []lab.Tool {
			return []lab.Tool{search("settings.toml:1: port = 6543"), checkkit.ReadTool(ws), checkkit.TodayTool("2027-01-05")}
		}, "settings.toml", "Which port does settings.toml give?"}},
	}, func(d toolsData) {
		ws := d.files.workspace()
		var runs checkkit.ToolRuns
		handed := runs.Wrap(d.tools(ws)...)
		model := reportModel("", d.path)
		messages, _ := S.Chat(model, nil, d.question, handed)

		fresh := d.tools(nil) // built after Chat returned, from the kit's own constructors
		names := checkkit.List(specNames(checkkit.SpecsOf(fresh)))
		ok := sameRequests(c, fmt.Sprintf("Both requests should describe the tools %s, in that order, each by its name, description and "+
			"parameters, exactly as the tools were handed to Chat. The model keeps nothing between requests, tools included.", names),
			[]lab.Request{
				request(fresh, lab.User(d.question)),
				request(fresh, lab.User(d.question), askedToRead("", d.path), checkkit.Result("c1", "read", d.files[d.path])),
			}, model) &&
			sameTools(c, "Chat", fresh, handed) &&
			checkkit.SameRuns(c, "Only the read tool was asked for, once.", []string{"read"}, &runs)
		if !ok {
			checkkit.LogConversation(c, "the list Chat returned", messages)
		}
	})
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
		var runs checkkit.ToolRuns
		model := lab.NewScriptedModel(lab.Say(d.words))
		messages, answer := S.Chat(model, lab.CloneMessages(d.history), d.question,
			runs.Wrap(checkkit.ReadTool(ws), checkkit.TodayTool("2026-09-19")))

		fresh := []lab.Tool{checkkit.ReadTool(nil), checkkit.TodayTool("2026-09-19")}
		sent := append(lab.CloneMessages(d.history), lab.User(d.question))
		ok := sameRequests(c, "The reply asks for no tools, so Chat should ask the model once: the list so far and the question, "+
			"with the lesson's System and both tools.", []lab.Request{request(fresh, sent...)}, model) &&
			sameAnswer(c, "Chat should return the words of the reply.", d.words, answer) &&
			sameList(c, "Chat should return the list it was handed, grown by the question and the reply, and nothing else.",
				append(lab.CloneMessages(sent), lab.Say(d.words)), messages) &&
			checkkit.SameRuns(c, "No tool was asked for, so no tool should run.", nil, &runs) &&
			checkkit.SameReads(c, "No tool was asked for, so no file should be read.", nil, ws)
		if !ok {
			checkkit.LogConversation(c, "the list Chat returned", messages)
		}
	})
}
