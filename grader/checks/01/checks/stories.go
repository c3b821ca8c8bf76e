package checks

import (
	"fmt"

	"harnesslab/grader/checkkit"
	"harnesslab/lab"
)

// The conversations the lab 2 checks play. Every scenario plays two of them
// in one program, with other words, other replies and other names, and each
// data set is a function, so that a check can hand one copy to the student's
// code and build what it expects from a fresh one made after that code
// returned.

// A story is a conversation with scripted replies: the list the caller starts
// from (nil for a new conversation), the words said at each turn, the model's
// reply to each turn, as the model writes them, and the words of each reply.
type story struct {
	saved   []lab.Message
	turns   []string
	replies []lab.Message
	answers []string
}

// model returns a scripted model that plays the story's replies in order;
// extra requests get the step more, so they are counted rather than stopped.
func (s story) model(more lab.Step) *lab.ScriptedModel {
	steps := make([]lab.Step, 0, len(s.replies)+1)
	for _, r := range s.replies {
		steps = append(steps, r)
	}
	return lab.NewScriptedModel(append(steps, lab.Always(more))...)
}

// conversation returns the list as it should be after turn n (counting from
// 1): the saved list, then each turn's words and reply.
func (s story) conversation(n int) []lab.Message {
	list := lab.CloneMessages(s.saved)
	for i := range n {
		list = append(list, lab.User(s.turns[i]), s.replies[i])
	}
	return list
}

// request returns the request turn n (counting from 1) should send: System,
// the list as it was after the turn before, and the turn's words.
func (s story) request(n int) lab.Request {
	return lab.Request{System: System, Messages: append(s.conversation(n-1), lab.User(s.turns[n-1]))}
}

// Stories of three turns whose replies come in several shapes: several text
// blocks, no words at all, one block. The reply to turn 2 has no words, so
// turn 3 says the same again, as people do.

func adaStory() story {
	return story{
		// Words typed at a terminal end with a newline: they are sent as typed.
		turns: []string{"My name is Ada.\n", "I look after the billing server.", "I look after the billing server."},
		replies: []lab.Message{
			lab.Reply(lab.Text("Nice to meet you, "), lab.Text("Ada.")),
			lab.Reply(),
			lab.Say("Noted: the billing server."),
		},
		answers: []string{"Nice to meet you, Ada.", "", "Noted: the billing server."},
	}
}

func graceStory() story {
	return story{
		turns: []string{"I am Grace, from payroll.", "The job runs on Fridays.", "The job runs on Fridays."},
		replies: []lab.Message{
			lab.Reply(lab.Text("Hello, Grace. "), lab.Text("What can I do for payroll?")),
			lab.Reply(),
			lab.Say("Noted: on Fridays."),
		},
		answers: []string{"Hello, Grace. What can I do for payroll?", "", "Noted: on Fridays."},
	}
}

// withCall adds a last turn whose reply asks for a tool. Nothing can follow
// it in this lesson (its call has no result, and a provider would refuse the
// next request), so only the list Chat returns is checked after it.
func withCall(s story, text string, reply lab.Message, answer string) story {
	s.turns = append(s.turns, text)
	s.replies = append(s.replies, reply)
	s.answers = append(s.answers, answer)
	return s
}

func adaCallStory() story {
	return withCall(adaStory(), "Can you read it?\n",
		lab.Reply(lab.Text("Let me look. "), lab.Call("read", lab.Args{"path": "config.py"}).WithID("c1")), "Let me look. ")
}

// savedGraceCallStory is graceStory carried on from a conversation saved
// earlier (a list Chat did not build in this program), with a last call.
func savedGraceCallStory() story {
	s := withCall(graceStory(), "  Please look it up.",
		lab.Reply(lab.Text("I will search for it. "), lab.Call("search", lab.Args{"query": "ledger"}).WithID("c4")), "I will search for it. ")
	s.saved = []lab.Message{lab.User("Hello."), lab.Say("Hello! How can I help?")}
	return s
}

// twoStories are the data sets of the checks that play a story from a new
// conversation.
var twoStories = []checkkit.Data[func() story]{
	{Name: "the lesson's conversation", Data: adaStory},
	{Name: "another conversation, with other words and replies", Data: graceStory},
}

// A nameStory is four turns with the forgetful model: a name given at turn 1
// and asked for at turn 4, and what the model answers at each turn when every
// request carries the whole conversation.
type nameStory struct {
	turns   []string
	answers []string
}

func adaNames() nameStory {
	return nameStory{
		turns:   []string{"My name is Ada.", "I look after the billing server.", "It listens on port 9090.", "What is my name?"},
		answers: []string{"Nice to meet you, Ada.", "Noted.", "Noted.", "Your name is Ada."},
	}
}

func graceNames() nameStory {
	return nameStory{
		turns:   []string{"My name is Grace.", "I run the payroll job on Fridays.", "It reads the ledger file.", "What is my name?"},
		answers: []string{"Nice to meet you, Grace.", "Noted.", "Noted.", "Your name is Grace."},
	}
}

// twoNames are the data sets of the checks that play four turns with the
// forgetful model. The last question is the same in both, and its answer is
// not.
var twoNames = []checkkit.Data[func() nameStory]{
	{Name: "Ada's four turns", Data: adaNames},
	{Name: "Grace's four turns, the same last question", Data: graceNames},
}

// An introduction is two turns in which the model introduces itself first,
// then is asked the user's name.
type introduction struct {
	user, model string // the user's name, and the name the model gives itself
}

// reply is the model's first reply, in which it names itself.
func (in introduction) reply() lab.Message {
	return lab.Say(fmt.Sprintf("Nice to meet you, %s. My name is %s, and I answer questions here.", in.user, in.model))
}

var twoIntroductions = []checkkit.Data[introduction]{
	{Name: "Ada meets Sam", Data: introduction{"Ada", "Sam"}},
	{Name: "Grace meets Max", Data: introduction{"Grace", "Max"}},
}
