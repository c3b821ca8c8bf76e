package checks

import (
	"fmt"
	"strings"

	"harnesslab/grader/checkkit"
	"harnesslab/lab"
)

// Helpers of the lab 2 checks: playing turns through the student's Chat,
// and comparing what the model received with what it should have.

// A turn is the words said at one call of Chat and what it gave back, copied at once (a later call may
// write into spare room of the array behind a list Chat returned, as append
// does), and how many requests that call sent.
type turn struct {
	text   string
	list   []lab.Message
	answer string
	asked  int
}

// converse says each text in turn the way a caller should, carrying on from
// the list Chat returned, starting from start. The turns are attached to c as
// one transcript.
func converse(c *checkkit.C, model *lab.ScriptedModel, start []lab.Message, texts []string) []turn {
	rec := c.Record(checkkit.Plural(len(texts), "turn") + " of Chat")
	asked := rec.Model(model)
	messages := start
	turns := make([]turn, 0, len(texts))
	for _, text := range texts {
		before := model.Asked()
		var answer string
		messages, answer = S.Chat(asked, messages, text)
		turns = append(turns, turn{text: text, list: lab.CloneMessages(messages), answer: answer, asked: model.Asked() - before})
	}
	return turns
}

// onceEach records a failure unless every turn asked the model exactly once
// and the model accepted every request, and then returns the requests.
func onceEach(c *checkkit.C, model *lab.ScriptedModel, turns []turn) ([]lab.Request, bool) {
	if !askedOnceEach(c, turns) {
		return nil, false
	}
	if refusals := model.Refusals(); len(refusals) > 0 {
		c.Errorf("The model refused %d of the %s Chat sent, as a strict provider would. The first refusal:\n  %s",
			len(refusals), checkkit.Plural(model.Asked(), "request"), refusals[0])
		return nil, false
	}
	return model.Calls(), true
}

// askedOnceEach records a failure unless every turn asked the model exactly
// once (counting requests the model refused).
func askedOnceEach(c *checkkit.C, turns []turn) bool {
	for i, t := range turns {
		if t.asked != 1 {
			c.Errorf("Each turn should ask the model once; turn %d (%s) asked it %s. %s",
				i+1, checkkit.Quote(t.text), checkkit.Times(t.asked), onceAdvice(t.asked))
			return false
		}
	}
	return true
}

// onceAdvice says why a turn asks the model exactly once.
func onceAdvice(asked int) string {
	if asked == 0 {
		return "The answer Chat returns, and the reply it keeps, come from the model's reply to this turn's request, and from nothing Chat kept."
	}
	return "Each request is paid for in full: keep the reply you got, even one with no words in it."
}

// lastWords returns the words of the last user message of list.
func lastWords(list []lab.Message) string {
	for i := len(list) - 1; i >= 0; i-- {
		if list[i].Role == lab.RoleUser {
			return list[i].Content
		}
	}
	return ""
}

// sameRequest records a failure unless got is want as a provider sees it:
// the same system text, the same messages, and no tools. sentence says which
// request it is and what it should carry; everything that differs is said
// under it, in one failure.
func sameRequest(c *checkkit.C, sentence string, want, got lab.Request) bool {
	var lines []string
	if got.System != want.System {
		lines = append(lines, fmt.Sprintf("System: expected %s, got %s", checkkit.Quote(want.System), checkkit.Quote(got.System)))
	}
	if len(got.Tools) > 0 {
		names := make([]string, len(got.Tools))
		for i, t := range got.Tools {
			names[i] = t.Name
		}
		lines = append(lines, fmt.Sprintf("Tools: expected none (nil: this lesson has no tools), got %s", checkkit.Commas(names)))
	}
	if n, m := len(want.Messages), len(got.Messages); n != m {
		lines = append(lines, fmt.Sprintf("it carried %s; expected %s", checkkit.Plural(m, "message"), checkkit.Plural(n, "message")))
	}
	header := sentence
	if len(lines) > 0 {
		header += "\n  " + strings.Join(lines, "\n  ")
	}
	if !checkkit.SameMessages(c, header, want.Messages, got.Messages, 0) {
		return false
	}
	if len(lines) > 0 {
		c.Errorf("%s", header)
		return false
	}
	return true
}

// sameList records a failure unless the list Chat returned is want, message
// for message as a provider sees them, and shows a short list under the
// failure (the lines of a long one already say what differs).
func sameList(c *checkkit.C, sentence string, want, got []lab.Message) bool {
	header := sentence
	if n, m := len(want), len(got); n != m {
		header += fmt.Sprintf("\n  it holds %s; expected %s", checkkit.Plural(m, "message"), checkkit.Plural(n, "message"))
	}
	for _, line := range misfiled(got) {
		header += "\n  " + line
	}
	if checkkit.SameMessages(c, header, want, got, 0) {
		return true
	}
	if len(got) <= shortList {
		checkkit.LogConversation(c, "the list Chat returned", got)
	}
	return false
}

// shortList is the longest list shown whole under a failure.
const shortList = 12

// echo is a model step that answers every request with the words of its
// last user message, so a reply shows which request it answers.
func echo() lab.Step {
	return lab.Always(lab.Respond(func(r lab.Request) lab.Message { return echoOf(lastWords(r.Messages)) }))
}

// echoOf is echo's reply to a request whose last user message says text.
func echoOf(text string) lab.Message {
	return lab.Say("You said: " + text)
}

// misfiled names the messages of list whose words are in the field of
// another role: an assistant's words in Content, a user's in Blocks.
func misfiled(list []lab.Message) []string {
	var lines []string
	for i, m := range list {
		switch {
		case m.Role == lab.RoleAssistant && m.Content != "":
			lines = append(lines, fmt.Sprintf("message %d is an assistant message with its words in Content: an assistant's words stay in Blocks, as the model wrote them", i))
		case m.Role == lab.RoleUser && len(m.Blocks) > 0:
			lines = append(lines, fmt.Sprintf("message %d is a user message with Blocks: a user's words go in Content", i))
		}
	}
	return lines
}
