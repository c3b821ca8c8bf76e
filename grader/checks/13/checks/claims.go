package checks

import (
	"fmt"

	"harnesslab/grader/checkkit"
	"harnesslab/lab"
)

// The transcripts of lab 2: conversations built step by step, each step a
// tool call with its result, or words from the model or the user.

// event is one step of a transcript: a call of tool with its result (an
// error when fail), or, when tool is "", the model's words (or the user's,
// when user is set).
type event struct {
	tool    string
	fail    bool
	content string
	user    bool
}

// The steps the transcripts are made of.
var (
	editOK     = event{tool: editTool, content: "Edited auth/session.go."}
	editFailed = event{tool: editTool, fail: true, content: "Error: old_text not found in auth/session.go"}
	testsPass  = event{tool: testTool, content: "ok  auth  14 tests passed"}
	testsFail  = event{tool: testTool, fail: true, content: "Error: FAIL auth: 1 of 14 tests failed"}
)

// say is the model's words as a step; tell is the user's.
func say(text string) event  { return event{content: text} }
func tell(text string) event { return event{content: text, user: true} }

// readOf is a read of path that returns content.
func readOf(content string) event { return event{tool: "read", content: content} }

// transcript builds a conversation: the question, then each step, then the
// model's closing words unless it already has the last word. Calls are
// numbered c1, c2, ... in order.
func transcript(question string, steps ...event) []lab.Message {
	messages := []lab.Message{lab.User(question)}
	for i, e := range steps {
		switch {
		case e.tool == "" && e.user:
			messages = append(messages, lab.User(e.content))
		case e.tool == "":
			messages = append(messages, lab.Say(e.content))
		default:
			id := fmt.Sprintf("c%d", i+1)
			args := lab.Args{}
			switch e.tool {
			case "read":
				args["path"] = "auth/session.go"
			case editTool:
				args = lab.Args{"path": "auth/session.go", "old_text": "10 * time.Minute", "new_text": "0"}
			}
			messages = append(messages, lab.Reply(lab.Call(e.tool, args).WithID(id)))
			result := checkkit.Result(id, e.tool, e.content)
			result.IsError = e.fail
			messages = append(messages, result)
		}
	}
	if last := messages[len(messages)-1]; last.Role == lab.RoleAssistant {
		return messages
	}
	return append(messages, lab.Say("Done."))
}

// claimCase is one transcript, what it shows, and whether it backs a claim
// that the tests passed.
type claimCase struct {
	what     string
	messages []lab.Message
	backed   bool
}

// judgeClaims hands each case's transcript to CheckClaim and records a
// failure for each verdict that is wrong, and for a transcript changed.
func judgeClaims(c *checkkit.C, cases []claimCase) {
	for _, cc := range cases {
		pristine := lab.CloneMessages(cc.messages)
		err := S.CheckClaim(cc.messages)
		switch {
		case cc.backed && err != nil:
			c.Errorf("CheckClaim should accept the claim when %s; it returned the error %q.", cc.what, err)
			checkkit.LogConversation(c, "The transcript", pristine)
		case !cc.backed && err == nil:
			c.Errorf("CheckClaim should reject the claim when %s; it returned nil, as if the tests had passed.", cc.what)
			checkkit.LogConversation(c, "The transcript", pristine)
		}
		if !checkkit.SameMessages(c, "CheckClaim only reads the transcript: it should leave the list as it was given.",
			pristine, cc.messages, 0) {
			return
		}
	}
}
