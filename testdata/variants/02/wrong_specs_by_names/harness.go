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

// specsByNames holds the specs made so far, by the names of the tools.
var specsByNames = map[string][]lab.Spec{}

// ToolSpecs returns what a request says about each tool: its name,
// description and parameters. The Execute function stays in this process.
func ToolSpecs(tools []lab.Tool) []lab.Spec {
	var key string
	for _, tool := range tools {
		key += tool.Name + ","
	}
	if specs, ok := specsByNames[key]; ok {
		return specs
	}
	specs := make([]lab.Spec, 0, len(tools))
	for _, tool := range tools {
		specs = append(specs, lab.Spec{Name: tool.Name, Description: tool.Description, Parameters: tool.Parameters})
	}
	specsByNames[key] = specs
	return specs
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

// Chat says text to the model and returns the grown list and the model's
// answer. If the reply asks for tools, Chat runs them and asks once more: one
// round trip, cranked by hand.
func Chat(model lab.Model, messages []lab.Message, text string, tools []lab.Tool) ([]lab.Message, string) {
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
	return messages, TextOf(reply)
}
