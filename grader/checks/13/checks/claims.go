package checks

import (
	"fmt"
	"strings"

	"harnesslab/grader/checkkit"
	"harnesslab/grader/checks/13/play"
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

// claimScenario returns the scenario of a check over sets: the transcripts,
// without what the kit knows of them.
func claimScenario(sets []checkkit.Data[[]claimCase]) func() any {
	return func() any {
		out := make([]checkkit.Data[[]play.Claim], len(sets))
		for k, set := range sets {
			out[k].Name = set.Name
			for _, cc := range set.Data {
				out[k].Data = append(out[k].Data, play.Claim{What: cc.what, Messages: cc.messages})
			}
		}
		return out
	}
}

// claimJudge returns the judgement of a check over sets: each transcript's
// verdict from CheckClaim, compared with the reference's, which must be what
// the kit knows of it.
func claimJudge(sets []checkkit.Data[[]claimCase]) func(c *checkkit.C, yours, ref checkkit.Observed) {
	return func(c *checkkit.C, yours, ref checkkit.Observed) {
		checkkit.EachScenario(c, sets, func(k int, cases []claimCase) {
			for i, cc := range cases {
				want := checkkit.Get[play.Claimed](c, ref, play.ClaimKey(k, i))
				if (want.Error == nil) != cc.backed {
					c.KitFatalf("the reference's CheckClaim returned %v when %s", errWords(want), cc.what)
				}
				if !sameClaim(c, "when "+cc.what, cc.messages, checkkit.Get[play.Claimed](c, yours, play.ClaimKey(k, i)), want) {
					return
				}
			}
		})
	}
}

// sameClaim fails c when CheckClaim's verdict on messages (got) differs from
// the reference's (want): accepted or rejected, the messages its words name,
// and the list left as it was.
func sameClaim(c *checkkit.C, what string, messages []lab.Message, got, want play.Claimed) bool {
	switch {
	case want.Error == nil && got.Error != nil:
		c.Errorf("CheckClaim should accept the claim %s; it returned the error %q.", what, *got.Error)
		checkkit.LogConversation(c, "The transcript", messages)
		return false
	case want.Error != nil && got.Error == nil:
		c.Errorf("CheckClaim should reject the claim %s (the reference says: %s); it returned nil, as if the tests had passed.", what, *want.Error)
		checkkit.LogConversation(c, "The transcript", messages)
		return false
	case want.Error != nil && !sameMessageNumbers(c, capital(what)+", CheckClaim's error", *want.Error, *got.Error):
		checkkit.LogConversation(c, "The transcript", messages)
		return false
	}
	return checkkit.SameMessages(c, "CheckClaim only reads the transcript: it should leave the list as it was given.",
		messages, got.After, 0)
}

// errWords is CheckClaim's verdict in words: nil, or its error quoted.
func errWords(cl play.Claimed) string {
	if cl.Error == nil {
		return "nil"
	}
	return fmt.Sprintf("the error %q", *cl.Error)
}

// capital is s with its first letter in capitals.
func capital(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}
