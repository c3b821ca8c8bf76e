// Package harness is the code around the model: it holds the conversation,
// offers the tools and does the work the model asks for. You write it, lesson
// by lesson.
package harness

// TextOf returns the words of an assistant message: the text of its text
// blocks, in order, run together.
func TextOf(message lab.Message) string {
	var words strings.Builder
	for _, block := range message.Blocks {
		if block.Type == lab.TextBlock {
			words.WriteString(block.Text)
		}
	}
	return words.String()
}

// ToolCalls returns the toolCall blocks of a reply, in the order the model
// wrote them. It works them out from the content every time it is asked.
func ToolCalls(message lab.Message) []lab.Block {
	// --- your code ---
	var calls []lab.Block
	for _, block := range message.Blocks {
		if block.Type == lab.ToolCallBlock {
			calls = append(calls, block)
		}
	}
	return calls
	// --- starter ---
	// Keep the blocks whose Type is lab.ToolCallBlock, in order. Work them out
	// from message.Blocks every time, and keep them nowhere else.
	panic("ToolCalls: not written yet")
	// --- end ---
}

// ToolSpecs returns what a request says about each tool: its name,
// description and parameters. The Execute function stays in this process.
func ToolSpecs(tools []lab.Tool) []lab.Spec {
	specs := make([]lab.Spec, 0, len(tools))
	for _, tool := range tools {
		specs = append(specs, lab.Spec{Name: tool.Name, Description: tool.Description, Parameters: tool.Parameters})
	}
	return specs
}

// MakeReadTool returns the read tool, over the workspace ws.
func MakeReadTool(ws *lab.Workspace) lab.Tool {
	return lab.Tool{
		Name:        "read",
		Description: "Read a text file and return its contents.",
		Parameters: lab.Schema{
			"type": "object",
			"properties": lab.Schema{"path": lab.Schema{
				"type":        "string",
				"description": "Path of the file to read.",
			}},
			"required": []string{"path"},
		},
		Execute: func(arguments lab.Args) (string, error) {
			path, _ := arguments["path"].(string)
			return ws.ReadText(path)
		},
	}
}

// findTool returns the tool called name, and whether there is one.
func findTool(tools []lab.Tool, name string) (lab.Tool, bool) {
	for _, tool := range tools {
		if tool.Name == name {
			return tool, true
		}
	}
	return lab.Tool{}, false
}

// RunTool runs the one tool that call names and returns the toolResult that
// answers it. This is the happy path only: an unknown tool or a failing tool
// stops the program. Lesson 04 is about that.
func RunTool(tools []lab.Tool, call lab.Block) lab.Message {
	// --- your code ---
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
	// --- starter ---
	// findTool, just above, finds the tool by name. Hand its Execute the call's
	// arguments as they are; if Execute returns an error, panic(err) for now.
	// Then return the toolResult message: which of its fields come from the call?
	panic("RunTool: not written yet")
	// --- end ---
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
	// --- your code ---
	if calls := ToolCalls(reply); len(calls) > 0 {
		for _, call := range calls {
			messages = append(messages, RunTool(tools, call))
		}
		reply = model.Complete(System, messages, ToolSpecs(tools))
		messages = append(messages, reply)
	}
	return messages, TextOf(reply)
	// --- starter ---
	// Then return the list, and the words of the last reply.
	panic("Chat: not written yet")
	// --- end ---
}
