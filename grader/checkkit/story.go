package checkkit

import (
	"fmt"
	"strings"

	"harnesslab/lab"
)

// Story is what a check expects of one run of the loop: the whole list the
// caller gets back, and the tools the model should be offered, built afresh
// from the kit after the student's code returned.
type Story struct {
	What   string        // the run, in a sentence: "One reply asks for four things ..."
	Want   []lab.Message // every message of the list, in order
	Tools  []lab.Tool    // pristine copies of the tools handed to the student's code
	From   int           // how many messages the caller's list held before the run
	System string        // the system prompt every request should carry: the kit's own constant
}

// SameStory compares a run of the student's loop with the story: the whole
// list it returned, then every request the model was sent, whole (system
// prompt, tools and messages). Each difference is said once.
func SameStory(c *C, s Story, model *lab.ScriptedModel, got []lab.Message) bool {
	ok := sameStoryList(c, s, got)
	asks := askedAt(s.Want, s.From)
	if model.Asked() != len(asks) {
		what := s.What + " "
		if !ok {
			what = "" // said already, with the list
		}
		c.Errorf("%sThe model should have been asked %s; it was asked %s.", what,
			Times(len(asks)), Asked(model))
		ok = false
	} else {
		ok = sameRequests(c, s, model.Calls(), asks, ok) && ok
	}
	if !ok {
		LogConversation(c, "the list your code returned", got)
		LogRefusals(c, model)
	}
	return ok
}

// sameStoryList compares the list the student's loop returned with the
// story's, and says whether a provider would accept it.
func sameStoryList(c *C, s Story, got []lab.Message) bool {
	question := s.Want[s.From]
	for k := s.From + 1; k < len(got); k++ {
		if len(Differences(question, got[k], AsSent...)) == 0 {
			c.Errorf("%s The caller handed over %s, and the list your code returned has %s before the question: "+
				"messages of an earlier conversation. Does your code keep the list somewhere between calls? "+
				"The caller's list is the only memory.", s.What, Plural(s.From, "earlier message"),
				Plural(k, "message"))
			return false
		}
	}
	if s.From > 0 && (len(got) < s.From ||
		len(Differences(s.Want[:s.From], got[:s.From], AsSent...)) > 0) {
		c.Errorf("%s The caller handed over %s, and the list your code returned does not start with them. "+
			"Does your code start a new list instead of appending to the one it was given?", s.What,
			Plural(s.From, "earlier message"))
		return false
	}
	ok := true
	if problems := lab.Validate(got); len(problems) > 0 {
		c.Errorf("%s A provider would refuse the list your code returned:\n  %s", s.What, strings.Join(problems, "\n  "))
		ok = false
	}
	sentence := s.What + " The list your code returned is not the expected one:"
	if !ok {
		sentence = "Compared with the expected list, message by message:"
	}
	return SameMessages(c, sentence, s.Want, got, 0) && ok
}

// sameRequests compares every request the model was sent with what it
// should be: the system prompt, the tools and, if the list was right, the
// messages so far.
func sameRequests(c *C, s Story, requests []lab.Request, asks []int, listRight bool) bool {
	ok := true
	specs := SpecsOf(s.Tools)
	var wrongSystem []string
	said := ""
	for k, req := range requests {
		if req.System != s.System {
			said = req.System
			wrongSystem = append(wrongSystem, fmt.Sprint(k+1))
		}
		ok = sameRequest(c, k, req, s.Want[:asks[k]], specs, listRight) && ok
	}
	if len(wrongSystem) > 0 {
		which := "Request " + wrongSystem[0]
		if len(wrongSystem) > 1 {
			which = "Requests " + List(wrongSystem)
		}
		c.Errorf("Every request to the model should carry the lesson's system prompt, System = %q. %s of %d "+
			"carried %q instead.", s.System, which, len(requests), said)
		ok = false
	}
	return ok
}

// sameRequest compares the tools and messages of request k (counting from
// 0) with what it should hold; SameStory compares the system prompts.
// Its messages are compared only if the returned list was right (listRight):
// otherwise the difference has been said already.
func sameRequest(c *C, k int, req lab.Request, messages []lab.Message, specs []lab.Spec, listRight bool) bool {
	ok := true
	if !c.Equal(fmt.Sprintf("Request %d to the model should offer exactly the tools the caller handed over, "+
		"as they were handed over:", k+1), specs, req.Tools, AsSent...) {
		ok = false
	}
	if listRight && !SameMessages(c, fmt.Sprintf("Request %d to the model should hold the list as it stood "+
		"before reply %d (messages 0 to %d of the list above), exactly as sent:", k+1, k+1, len(messages)-1),
		messages, req.Messages, 0) {
		ok = false
	}
	return ok
}

// askedAt returns, for every assistant message of want after the first from
// messages, the index it has in want: request k holds want[:askedAt[k]].
func askedAt(want []lab.Message, from int) []int {
	var at []int
	for i, m := range want {
		if i >= from && m.Role == lab.RoleAssistant {
			at = append(at, i)
		}
	}
	return at
}
