package checks

import (
	"fmt"
	"strings"

	"harnesslab/grader/checkkit"
	"harnesslab/lab"
)

// Lab 2: the caller's list, the conversation's only memory.

// listData is one run of a scenario that starts from a conversation so far.
type listData struct {
	history []lab.Message
	ask     askData
}

// twoHistories is the data of the list scenarios: the lesson's greeting and
// file, then another conversation about other files.
var twoHistories = []checkkit.Data[listData]{
	{Name: "the lesson's files", Data: listData{
		[]lab.Message{lab.User("Hi!"), lab.Say("Hello! Ask me about any file.")},
		askData{lessonFiles, "config.py", portQuestion, ""}}},
	{Name: "another conversation, other files", Data: listData{
		[]lab.Message{lab.User("I look after the billing server."), lab.Say("Noted."),
			lab.User("It reads settings.toml."), lab.Say("Good to know.")},
		askData{otherFiles, "settings.toml", "Which port does settings.toml give?", ""}}},
}

// listIsValid: the caller's list ends as question, call, result, answer, and
// a provider would accept it.
func listIsValid(c *checkkit.C) {
	checkkit.Scenarios(c, twoHistories, func(d listData) {
		ws := d.ask.files.workspace()
		rec := c.Record("Chat with the read tool, after a conversation")
		rec.Watch(ws)
		model := reportModel("", d.ask.path)
		messages, _ := S.Chat(rec.Model(model), lab.CloneMessages(d.history), d.ask.question, rec.Tools(checkkit.ReadTool(ws)))
		content := d.ask.files[d.ask.path]
		want := append(lab.CloneMessages(d.history),
			lab.User(d.ask.question),
			askedToRead(d.ask.path),
			checkkit.Result("c1", "read", content),
			lab.Say(report(d.ask.path, content)),
		)
		if !accepted(c, "Chat was handed a list of "+checkkit.Plural(len(d.history), "message"), model, messages) ||
			!sameList(c, fmt.Sprintf("Chat was handed a list of %s. It should return that list followed by the question, "+
				"the reply that asked for the file, the result, and the answer.", checkkit.Plural(len(d.history), "message")), want, messages) {
			return
		}
		if problems := lab.Validate(messages); len(problems) > 0 {
			c.Errorf("A provider would refuse the list Chat returned, if it were sent as it is:\n%s", checkkit.Indent(strings.Join(problems, "\n")))
		}
	})
}

// nextTurnSendsList: the next turn sends the list the caller holds, as it is
// now; a nil list starts a new conversation.
func nextTurnSendsList(c *checkkit.C) {
	checkkit.Scenarios(c, twoHistories, func(d listData) {
		ws := d.ask.files.workspace()
		read := func() []lab.Tool { return []lab.Tool{checkkit.ReadTool(ws)} }
		rec := c.Record("three turns: a question, the next turn, a new conversation")
		rec.Watch(ws)
		first, _ := S.Chat(rec.Model(reportModel("", d.ask.path)), lab.CloneMessages(d.history), d.ask.question, rec.Tools(read()...))

		// The caller owns the list Chat returned, and edits it.
		if len(first) == 0 {
			c.Errorf("Chat returned an empty list; it should return the list it was handed, grown by the turn.")
			return
		}
		first[0].Content += " (edited by the caller)"
		held := lab.CloneMessages(first)
		c.Logf("the caller edited message 0 of the list Chat returned: %s", lab.Show(held[:1]))

		const next, later = "Thanks. Is that the only port?", "A new conversation: hello!"
		model := lab.NewScriptedModel(lab.Say("Yes, that is the only one."))
		second, _ := S.Chat(rec.Model(model), first, next, rec.Tools(read()...))
		ok := sameRequests(c, "The next turn, Chat(model, list, ...), should send the list the caller holds, as it is now "+
			"(with the caller's edit), then the new question.",
			[]lab.Request{request(read(), append(lab.CloneMessages(held), lab.User(next))...)}, model) &&
			sameList(c, "The next turn should return the caller's list grown by the new question and the reply.",
				append(lab.CloneMessages(held), lab.User(next), lab.Say("Yes, that is the only one.")), second)
		if !ok {
			return
		}

		model = lab.NewScriptedModel(lab.Say("Hello again."))
		S.Chat(rec.Model(model), nil, later, rec.Tools(read()...))
		sameRequests(c, "Chat(model, nil, ...) starts a new conversation: its request should hold the new words alone. "+
			"A nil list continues nothing; everything Chat knows comes from its arguments.",
			[]lab.Request{request(read(), lab.User(later))}, model)
	})
}
