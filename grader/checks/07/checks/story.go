package checks

import (
	"fmt"

	"harnesslab/lab"
)

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
