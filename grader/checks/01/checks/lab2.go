package checks

import (
	"fmt"
	"strings"

	"github.com/google/go-cmp/cmp"

	"harnesslab/grader/checkkit"
	"harnesslab/lab"
)

// Lab 2: Chat, and the list that is the conversation's only memory.

// The four turns of the lesson's opening story.
var fourTurns = []string{
	"My name is Ada.",
	"I look after the billing server.",
	"It listens on port 9090.",
	"What is my name?",
}

func firstTurnSendsSystemAndWords(c *checkkit.C) {
	reply := lab.Reply(lab.Text("Nice to meet you, "), lab.Text("Ada."))
	model := lab.NewScriptedModel(reply)
	_, answer := S.Chat(model, nil, "My name is Ada.")
	request := requireRequests(c, model, 1)[0]
	if request.System != S.System {
		c.Errorf("The request should carry the standing instruction System, %s; it carried %s.",
			checkkit.Quote(S.System), checkkit.Quote(request.System))
	}
	c.Equal("Starting from an empty list, the request should carry exactly one message: your words, as a user message.",
		[]lab.Message{lab.User("My name is Ada.")}, wire(request.Messages), inWords)
	if len(request.Tools) != 0 {
		c.Errorf("The request described %s; this lesson has none to offer (pass nil).", plural(len(request.Tools), "tool"))
	}
	if want := "Nice to meet you, Ada."; answer != want {
		c.Errorf("Chat returned the answer %s; want %s, the words of the reply: %s",
			checkkit.Quote(answer), checkkit.Quote(want), lab.Show([]lab.Message{reply}))
	}
}

func everyRequestCarriesWholeList(c *checkkit.C) {
	model := lab.NewScriptedModel(lab.Say("Nice to meet you, Ada."), lab.Say("Noted."), lab.Say("Good to know."))
	converse(c, model, fourTurns[:3]...)
	requests := requireRequests(c, model, 3)
	whole := []lab.Message{
		lab.User(fourTurns[0]), lab.Say("Nice to meet you, Ada."),
		lab.User(fourTurns[1]), lab.Say("Noted."),
		lab.User(fourTurns[2]),
	}
	for i, request := range requests[:3] {
		want := whole[:2*i+1]
		what := fmt.Sprintf("Request %d should carry the whole conversation so far, oldest first: %d messages. It carried %d.",
			i+1, len(want), len(request.Messages))
		if !c.Equal(what, wire(want), wire(request.Messages), inWords) {
			c.Logf("request %d carried:\n%s", i+1, lab.Show(request.Messages))
			return
		}
	}
}

func listGrowsByWordsAndReply(c *checkkit.C) {
	model := lab.NewScriptedModel(lab.Reply(lab.Text("Nice to meet you, "), lab.Text("Ada.")), lab.Say("Noted."))
	messages, _ := converse(c, model, fourTurns[:2]...)
	want := []lab.Message{
		lab.User(fourTurns[0]), lab.Reply(lab.Text("Nice to meet you, "), lab.Text("Ada.")),
		lab.User(fourTurns[1]), lab.Say("Noted."),
	}
	if !c.Equal("After two turns from an empty list, the list Chat returns should hold four messages: your words, the reply as the model wrote it (an assistant message, its blocks in order), your words, the reply.",
		wire(want), wire(messages), inWords) {
		c.Logf("the list Chat returned:\n%s", show(messages))
	}
}

func remembersNameAtTurnFour(c *checkkit.C) {
	model := lab.NewScriptedModel(lab.Forgetful())
	messages, answers := converse(c, model, fourTurns...)
	if want := "Your name is Ada."; answers[3] != want {
		c.Errorf("Four turns, kept the way a caller should (messages, answer = S.Chat(model, messages, text)), ended with the answer %s; want %s. "+
			"The model knows only what the request in front of it carries: see what the last one held, below.", checkkit.Quote(answers[3]), checkkit.Quote(want))
		if requests := model.Calls(); len(requests) > 0 {
			c.Logf("the last request carried:\n%s", lab.Show(requests[len(requests)-1].Messages))
		}
		c.Logf("the list Chat returned after turn 4:\n%s", show(messages))
	}
}

func modelWordsStayTheModels(c *checkkit.C) {
	intro := "Nice to meet you, Ada. My name is Sam, and I answer questions here."
	model := lab.NewScriptedModel(lab.Say(intro), lab.Forgetful())
	messages, answers := converse(c, model, "My name is Ada.", "What is my name?")
	want := "Your name is Ada."
	switch answers[1] {
	case want:
	case "Your name is Sam.":
		c.Errorf("Asked \"What is my name?\", the model answered \"Your name is Sam.\": it read its own words, \"My name is Sam\", as yours. " +
			"Its reply has to go back into the list as an assistant message, not as something you said.")
	default:
		c.Errorf("Asked \"What is my name?\", the model answered %s; want %s. "+
			"The model knows only what the request in front of it carries: see what the last one held, below.",
			checkkit.Quote(answers[1]), checkkit.Quote(want))
		if requests := model.Calls(); len(requests) > 0 {
			c.Logf("the last request carried:\n%s", lab.Show(requests[len(requests)-1].Messages))
		}
	}
	if c.Failed() {
		c.Logf("the list Chat returned:\n%s", show(messages))
	}
}

func oneRequestPerTurn(c *checkkit.C) {
	model := lab.NewScriptedModel(lab.Forgetful())
	converse(c, model, fourTurns...)
	sent := len(model.Calls()) + len(model.Refusals())
	switch {
	case sent > len(fourTurns):
		c.Errorf("Four turns should send four requests, one per turn; the model received %d. "+
			"Each request is paid for in full: keep the reply you got instead of asking again.", sent)
	case sent < len(fourTurns):
		c.Errorf("Four turns should send four requests, one per turn; the model received %d. "+
			"Every answer Chat returns has to come from a reply to this turn's request.", sent)
	}
}

func providerAcceptsEveryRequest(c *checkkit.C) {
	model := lab.NewScriptedModel(lab.Forgetful())
	converse(c, model, fourTurns...)
	if refusals := model.Refusals(); len(refusals) > 0 {
		c.Errorf("A strict provider refused %d of the %d requests of four turns. The first refusal:\n%s",
			len(refusals), len(refusals)+len(model.Calls()), refusals[0])
	}
}

// converse says each text in turn the way a caller should, keeping the list
// Chat returns, and returns the last list and every answer.
func converse(c *checkkit.C, model *lab.ScriptedModel, texts ...string) ([]lab.Message, []string) {
	var messages []lab.Message
	var answers []string
	for _, text := range texts {
		var answer string
		messages, answer = S.Chat(model, messages, text)
		answers = append(answers, answer)
	}
	if refusals := model.Refusals(); len(refusals) > 0 {
		c.Logf("the model refused %s; the first refusal: %s", plural(len(refusals), "request"), refusals[0])
	}
	return messages, answers
}

// requireRequests returns the requests the model answered, and stops the
// check unless there are at least n.
func requireRequests(c *checkkit.C, model *lab.ScriptedModel, n int) []lab.Request {
	requests := model.Calls()
	if len(requests) < n {
		msg := fmt.Sprintf("The model should have answered %s; it answered %d.", plural(n, "request"), len(requests))
		if refusals := model.Refusals(); len(refusals) > 0 {
			msg = fmt.Sprintf("The model should have answered %s; it answered %d and refused %d. The first refusal:\n%s",
				plural(n, "request"), len(requests), len(refusals), refusals[0])
		}
		c.Fatalf("%s", msg)
	}
	return requests
}

// wire keeps what a request carries of each message (and Error, so that a
// refusal shows), dropping a reply's bookkeeping: StopReason and Usage.
func wire(messages []lab.Message) []lab.Message {
	out := make([]lab.Message, len(messages))
	for i, m := range messages {
		out[i] = lab.Message{Role: m.Role, Content: m.Content, Blocks: m.Blocks,
			ToolCallID: m.ToolCallID, ToolName: m.ToolName, IsError: m.IsError, Error: m.Error}
	}
	return out
}

// inWords makes a difference in a message's blocks read the way lab.Show
// writes them: "Nice to meet you, " + "Ada.", or no blocks.
var inWords = cmp.Transformer("blocks", func(blocks []lab.Block) blockWords {
	if len(blocks) == 0 {
		return "no blocks"
	}
	parts := make([]string, len(blocks))
	for i, b := range blocks {
		parts[i] = lab.ShowBlock(b)
	}
	return blockWords(strings.Join(parts, " + "))
})

// blockWords is a message's blocks as one line of words.
type blockWords string

// show is lab.Show, with a word for an empty list.
func show(messages []lab.Message) string {
	if len(messages) == 0 {
		return "(no messages)"
	}
	return lab.Show(messages)
}

func plural(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return fmt.Sprintf("%d %ss", n, noun)
}
