package checks

import (
	"fmt"

	"harnesslab/grader/checkkit"
	"harnesslab/lab"
)

// The list belongs to the caller: Chat sends the list it is handed, whatever
// the caller did with it since the last turn. A Chat that keeps its own copy
// of the conversation (in a package-level variable, or a cache keyed by the
// question or by the length of the list), or sends only the newest part of a
// long list, answers from something else.

// A callerStory is what a caller does with its lists in one scenario.
type callerStory struct {
	turns   [2]string     // two turns of a new conversation
	edits   [2]string     // the caller's corrections: new words of message 0, new text of message 1
	next    string        // said after the corrections
	fresh   string        // the first words of another, new conversation
	branch  string        // said again, carrying on from a copy of the list kept after turn 1
	saved   []lab.Message // a long conversation saved earlier
	resumed string        // said, carrying on from the saved conversation
	other   [2]string     // two turns of a second conversation, each said right after a turn of the first
	mine    [2]string     // two turns of the first conversation, interleaved with other
}

func adaCaller() callerStory {
	return callerStory{
		turns:   [2]string{"My name is Ada.", "I look after the billing server."},
		edits:   [2]string{"My name is Ada Lovelace.", "Nice to meet you, Ada Lovelace."},
		next:    "It listens on port 9090.\n",
		fresh:   "Hello, I am new here.",
		branch:  "I look after the backup server.",
		saved:   savedNotes(12, "server"),
		resumed: "What did I say first?",
		mine:    [2]string{"Hello from Ada.", "Ada again."},
		other:   [2]string{"Hello from Grace.", "Grace again."},
	}
}

func graceCaller() callerStory {
	return callerStory{
		turns:   [2]string{"I am Grace, from payroll.", "The job runs on Fridays."},
		edits:   [2]string{"I am Grace Hopper, from payroll.", "Hello, Grace Hopper."},
		next:    "  It reads the ledger file.",
		fresh:   "Good morning.",
		branch:  "The job runs on Mondays.",
		saved:   savedNotes(15, "ledger"),
		resumed: "Is the ledger ready now?",
		mine:    [2]string{"Good evening, this is Max.", "Max here, once more."},
		other:   [2]string{"Good evening, this is Sam.", "Sam here, once more."},
	}
}

// savedNotes is a conversation of n exchanges about topic, as a caller might
// have saved it: long enough that a Chat sending only the newest messages
// leaves some out.
func savedNotes(n int, topic string) []lab.Message {
	var list []lab.Message
	for i := range n {
		list = append(list, lab.User(fmt.Sprintf("Note %d about the %s.", i+1, topic)), lab.Say(fmt.Sprintf("Noted, %d.", i+1)))
	}
	return list
}

func chatSendsTheCallersList(c *checkkit.C) {
	checkkit.Scenarios(c, []checkkit.Data[func() callerStory]{
		{Name: "Ada's lists", Data: adaCaller},
		{Name: "Grace's lists, with other words", Data: graceCaller},
	}, func(play func() callerStory) {
		given := play()
		model := lab.NewScriptedModel(echo())
		rec := c.Record("Chat called with the lists a caller chose")
		asked := rec.Model(model)
		first, _ := S.Chat(asked, nil, given.turns[0])
		kept := lab.CloneMessages(first)
		second, _ := S.Chat(asked, first, given.turns[1])
		fresh := play()
		if !sameList(c, "Two turns from an empty list should give back four messages: for each turn, your words and the model's reply.",
			[]lab.Message{lab.User(fresh.turns[0]), echoOf(fresh.turns[0]), lab.User(fresh.turns[1]), echoOf(fresh.turns[1])}, second) {
			return
		}
		// The caller corrects two messages of the list Chat returned, in place.
		second[0].Content = given.edits[0]
		second[1].Blocks[0].Text = given.edits[1]

		want := play()
		corrected := []lab.Message{lab.User(want.edits[0]), lab.Say(want.edits[1]), lab.User(want.turns[1]), echoOf(want.turns[1])}
		steps := []callerStep{
			{fmt.Sprintf("The caller corrected two messages of the list Chat returned (the words of message 0 and the text of message 1), then said %s.", checkkit.Quote(want.next)),
				second, want.next, corrected},
			{fmt.Sprintf("The caller started a new conversation, from an empty list, and said %s.", checkkit.Quote(want.fresh)),
				nil, want.fresh, nil},
			{fmt.Sprintf("The caller carried on from a copy of the list kept after turn 1, and said %s.", checkkit.Quote(want.branch)),
				kept, want.branch, []lab.Message{lab.User(want.turns[0]), echoOf(want.turns[0])}},
			{fmt.Sprintf("The caller carried on from a conversation of %s saved earlier, and said %s.", checkkit.Plural(len(want.saved), "message"), checkkit.Quote(want.resumed)),
				given.saved, want.resumed, want.saved},
		}
		for _, step := range steps {
			if _, ok := step.check(c, asked, model); !ok {
				return
			}
		}
		interleaved(c, asked, model, given, want)
	})
}

// interleaved plays two new conversations at once, turn by turn, each
// caller carrying on from the list Chat returned to it. Chat is handed
// asked, which answers as model does.
func interleaved(c *checkkit.C, asked lab.Model, model *lab.ScriptedModel, given, want callerStory) {
	mine, ok := callerStep{fmt.Sprintf("Two conversations ran at once. The first started, from an empty list, with %s.", checkkit.Quote(want.mine[0])),
		nil, given.mine[0], nil}.check(c, asked, model)
	if !ok {
		return
	}
	other, ok := callerStep{fmt.Sprintf("Two conversations ran at once. The second started, from an empty list, with %s.", checkkit.Quote(want.other[0])),
		nil, given.other[0], nil}.check(c, asked, model)
	if !ok {
		return
	}
	if _, ok := (callerStep{fmt.Sprintf("Two conversations ran at once. The first carried on from its own list and said %s.", checkkit.Quote(want.mine[1])),
		mine, given.mine[1], []lab.Message{lab.User(want.mine[0]), echoOf(want.mine[0])}}).check(c, asked, model); !ok {
		return
	}
	callerStep{fmt.Sprintf("Two conversations ran at once. The second carried on from its own list and said %s.", checkkit.Quote(want.other[1])),
		other, given.other[1], []lab.Message{lab.User(want.other[0]), echoOf(want.other[0])}}.check(c, asked, model)
}

// A callerStep is one call of Chat with a list the caller chose: what the
// caller did, the list and the words it passed, and the list as it should
// reach the model (built afresh by the check, never taken from Chat).
type callerStep struct {
	what  string
	given []lab.Message
	text  string
	want  []lab.Message
}

// check makes the call, compares the request, the list returned and the
// answer with what they should be, and returns the list Chat returned. Chat
// is handed asked, which answers as model does (a recorder around it).
func (s callerStep) check(c *checkkit.C, asked lab.Model, model *lab.ScriptedModel) ([]lab.Message, bool) {
	before, answered := model.Asked(), len(model.Calls())
	list, answer := S.Chat(asked, s.given, s.text)
	if n := model.Asked() - before; n != 1 || len(model.Calls()) != answered+1 {
		c.Errorf("%s Chat should ask the model once; it asked %s.", s.what, checkkit.Times(n))
		checkkit.LogRefusals(c, model)
		return nil, false
	}
	request := model.Calls()[answered]
	sent := append(lab.CloneMessages(s.want), lab.User(s.text))
	if !sameRequest(c, s.what+" The request should carry System, that list, then the new words:", lab.Request{System: System, Messages: sent}, request) {
		if len(request.Messages) <= shortList {
			checkkit.LogConversation(c, "the request carried", request.Messages)
		}
		return nil, false
	}
	if !sameList(c, s.what+" Chat should give back that list, then the new words and the reply:", append(sent, echoOf(s.text)), list) {
		return nil, false
	}
	if reply := echoOf(s.text); answer != reply.Blocks[0].Text {
		c.Errorf("%s Chat returned the answer %s; expected the words of the reply, %s.", s.what, checkkit.Quote(answer), lab.Show([]lab.Message{reply}))
		return nil, false
	}
	return list, true
}
