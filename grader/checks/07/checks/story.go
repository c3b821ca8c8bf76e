package checks

import (
	"fmt"
	"strings"

	"harnesslab/grader/checkkit"
	"harnesslab/lab"
)

// story is what a check expects of one run of the loop: the whole list the
// caller gets back, and the tools the model should be offered, built afresh
// from the kit after the student's code returned.
type story struct {
	what  string        // the run, in a sentence: "One reply asks for four things ..."
	want  []lab.Message // every message of the list, in order
	tools []lab.Tool    // pristine copies of the tools handed to the student's code
	from  int           // how many messages the caller's list held before the run
}

// sameStory compares a run of the student's loop with the story: the whole
// list it returned, then every request the model was sent, whole (system
// prompt, tools and messages). Each difference is said once.
func sameStory(c *checkkit.C, s story, model *lab.ScriptedModel, got []lab.Message) bool {
	ok := sameStoryList(c, s, got)
	asks := askedAt(s.want, s.from)
	if model.Asked() != len(asks) {
		what := s.what + " "
		if !ok {
			what = "" // said already, with the list
		}
		c.Errorf("%sThe model should have been asked %s; it was asked %s.", what,
			checkkit.Times(len(asks)), checkkit.Asked(model))
		ok = false
	} else {
		ok = sameRequests(c, s, model.Calls(), asks, ok) && ok
	}
	if !ok {
		checkkit.LogConversation(c, "the list your code returned", got)
		checkkit.LogRefusals(c, model)
	}
	return ok
}

// sameStoryList compares the list the student's loop returned with the
// story's, and says whether a provider would accept it.
func sameStoryList(c *checkkit.C, s story, got []lab.Message) bool {
	question := s.want[s.from]
	for k := s.from + 1; k < len(got); k++ {
		if len(checkkit.Differences(question, got[k], checkkit.AsSent...)) == 0 {
			c.Errorf("%s The caller handed over %s, and the list your code returned has %s before the question: "+
				"messages of an earlier conversation. Does your code keep the list somewhere between calls? "+
				"The caller's list is the only memory.", s.what, checkkit.Plural(s.from, "earlier message"),
				checkkit.Plural(k, "message"))
			return false
		}
	}
	if s.from > 0 && (len(got) < s.from ||
		len(checkkit.Differences(s.want[:s.from], got[:s.from], checkkit.AsSent...)) > 0) {
		c.Errorf("%s The caller handed over %s, and the list your code returned does not start with them. "+
			"Does your code start a new list instead of appending to the one it was given?", s.what,
			checkkit.Plural(s.from, "earlier message"))
		return false
	}
	ok := true
	if problems := lab.Validate(got); len(problems) > 0 {
		c.Errorf("%s A provider would refuse the list your code returned:\n  %s", s.what, strings.Join(problems, "\n  "))
		ok = false
	}
	sentence := s.what + " The list your code returned is not the expected one:"
	if !ok {
		sentence = "Compared with the expected list, message by message:"
	}
	return checkkit.SameMessages(c, sentence, s.want, got, 0) && ok
}

// sameRequests compares every request the model was sent with what it
// should be: the system prompt, the tools and, if the list was right, the
// messages so far.
func sameRequests(c *checkkit.C, s story, requests []lab.Request, asks []int, listRight bool) bool {
	ok := true
	specs := checkkit.SpecsOf(s.tools)
	var wrongSystem []string
	said := ""
	for k, req := range requests {
		if req.System != system {
			said = req.System
			wrongSystem = append(wrongSystem, fmt.Sprint(k+1))
		}
		ok = sameRequest(c, k, req, s.want[:asks[k]], specs, listRight) && ok
	}
	if len(wrongSystem) > 0 {
		which := "Request " + wrongSystem[0]
		if len(wrongSystem) > 1 {
			which = "Requests " + checkkit.List(wrongSystem)
		}
		c.Errorf("Every request to the model should carry the lesson's system prompt, System = %q. %s of %d "+
			"carried %q instead.", system, which, len(requests), said)
		ok = false
	}
	return ok
}

// sameRequest compares the tools and messages of request k (counting from
// 0) with what it should hold; sameStory compares the system prompts.
// Its messages are compared only if the returned list was right (listRight):
// otherwise the difference has been said already.
func sameRequest(c *checkkit.C, k int, req lab.Request, messages []lab.Message, specs []lab.Spec, listRight bool) bool {
	ok := true
	if !c.Equal(fmt.Sprintf("Request %d to the model should offer exactly the tools the caller handed over, "+
		"as they were handed over:", k+1), specs, req.Tools, checkkit.AsSent...) {
		ok = false
	}
	if listRight && !checkkit.SameMessages(c, fmt.Sprintf("Request %d to the model should hold the list as it stood "+
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

// withIDs returns calls numbered the way the scripted model numbers them,
// from c<first> on.
func withIDs(first int, calls ...lab.Block) []lab.Block {
	out := make([]lab.Block, len(calls))
	for i, call := range calls {
		out[i] = call.WithID(fmt.Sprintf("c%d", first+i))
		out[i].Arguments = lab.CloneArgs(call.Arguments)
	}
	return out
}

// reply is the assistant message that says text and makes calls.
func reply(text string, calls []lab.Block) lab.Message {
	blocks := []lab.Block{}
	if text != "" {
		blocks = append(blocks, lab.Text(text))
	}
	return lab.Reply(append(blocks, calls...)...)
}
