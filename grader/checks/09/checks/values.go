package checks

import (
	"harnesslab/grader/checkkit"
	"harnesslab/lab"
)

// The lesson's values: harness.go and retry.go keep them.

func lessonValuesKept(c *checkkit.C) {
	c.Equal("harness.go and retry.go should keep the lesson's values: the system prompt, the budget of steps, the "+
		"four kinds of failure and the retry policy. (The other checks use the lesson's values whatever your files say; "+
		"this one says whether they still agree.)",
		Values{System: system, MaxSteps: maxSteps, Transient: transient, Malformed: malformed, Mistake: mistake,
			Permanent: permanent, MaxAttempts: maxAttempts, BaseDelay: baseDelay, MaxDelay: maxDelay, Timeout: timeout},
		S.Values)
	for range 2 { // twice: a tool kept from the first call shows
		var k keys
		tool := S.MakeSendTool(lab.NewOutbox(lab.NewFakeClock(start)), lab.NewFakeClock(start), newRand(1), k.next)
		c.Equal("MakeSendTool should return the send_draft tool, described exactly as the lesson gives it:",
			sendDraftSpec(), checkkit.SpecOf(tool))
	}
}

// sendDraftSpec is the spec of the lesson's send_draft tool.
func sendDraftSpec() lab.Spec {
	return lab.Spec{Name: "send_draft", Description: "Send a draft to a team.", Parameters: lab.Schema{
		"type": "object",
		"properties": lab.Schema{
			"to":   lab.Schema{"type": "string", "description": "The team to send it to."},
			"text": lab.Schema{"type": "string", "description": "The text of the draft."},
		},
		"required": []string{"to", "text"},
	}}
}
