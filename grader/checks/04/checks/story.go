package checks

import (
	"fmt"

	"harnesslab/lab"
)

// results returns the results that answer calls, in order: worked(call,
// content) or failed(call, why), as outcome says for each.
func results(calls []lab.Block, outcomes ...outcome) []lab.Message {
	out := make([]lab.Message, len(calls))
	for i, call := range calls {
		if outcomes[i].failed {
			out[i] = failed(call, outcomes[i].text)
		} else {
			out[i] = worked(call, outcomes[i].text)
		}
	}
	return out
}

// outcome is what a call should get: the tool's text, or a failure and why.
type outcome struct {
	failed bool
	text   string
}

// gets is the outcome of a call that works and returns text.
func gets(text string) outcome { return outcome{text: text} }

// fails is the outcome of a call that fails, for the reason why.
func fails(why string) outcome { return outcome{failed: true, text: why} }

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
