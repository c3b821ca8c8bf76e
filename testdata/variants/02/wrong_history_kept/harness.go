package harness

// ToolCalls returns the toolCall blocks of a reply, in the order the model
// wrote them. It works them out from the content every time it is asked.
func ToolCalls(message lab.Message) []lab.Block {
	var calls []lab.Block
	for _, block := range message.Blocks {
		if block.Type == lab.ToolCallBlock {
			calls = append(calls, block)
		}
	}
	return calls
}

// RunTool runs the one tool that call names and returns the toolResult that
// answers it. This is the happy path only: an unknown tool or a failing tool
// stops the program. Lesson 04 is about that.
func RunTool(tools []lab.Tool, call lab.Block) lab.Message {
	tool, _ := findTool(tools, call.Name)
	content, err := tool.Execute(call.Arguments)
	if err != nil {
		panic(err)
	}
	return lab.Message{
		Role:       lab.RoleToolResult,
		ToolCallID: call.ID,
		ToolName:   call.Name,
		Content:    content,
		IsError:    false,
	}
}

// history is the conversation so far, for callers that pass nil.
var history []lab.Message

// Chat says text to the model and returns the grown list and the model's
// answer. If the reply asks for tools, Chat runs them and asks once more: one
// round trip, cranked by hand.
func Chat(model lab.Model, messages []lab.Message, text string, tools []lab.Tool) ([]lab.Message, string) {
	if messages == nil {
		messages = history // nil means "carry on"
	}
	messages = append(messages, UserMessage(text))
	// 1. every request says which tools exist
	reply := model.Complete(System, messages, ToolSpecs(tools))
	messages = append(messages, reply)
	// 2. if the reply asks for tools: run each call, in order, and append each result
	// 3. then call the model again, exactly as in step 1, and append that reply too
	if calls := ToolCalls(reply); len(calls) > 0 {
		for _, call := range calls {
			messages = append(messages, RunTool(tools, call))
		}
		reply = model.Complete(System, messages, ToolSpecs(tools))
		messages = append(messages, reply)
	}
	history = messages
	return messages, TextOf(reply)
}
