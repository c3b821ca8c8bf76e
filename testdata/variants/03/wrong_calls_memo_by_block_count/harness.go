package harness

// ToolCalls returns the toolCall blocks of a reply, in the order the model
// wrote them. It works them out from the content every time it is asked.
func ToolCalls(message lab.Message) []lab.Block {
	if calls, ok := seenCalls[len(message.Blocks)]; ok {
		return calls
	}
	var calls []lab.Block
	defer func() { seenCalls[len(message.Blocks)] = calls }()
	for _, block := range message.Blocks {
		if block.Type == lab.ToolCallBlock {
			calls = append(calls, block)
		}
	}
	return calls
}

// MaxSteps is the step budget Chat gives the loop.
const MaxSteps = 8

// seenCalls holds the calls of the replies seen so far, by number of blocks.
var seenCalls = map[int][]lab.Block{}
