package harness

import (
	"fmt"
	"strings"

	"harnesslab/lab"
)

// ToolCalls returns the toolCall blocks of a reply, in the order the model
// wrote them. It works them out from the content every time it is asked.
func ToolCalls(message lab.Message) []lab.Block {
	calls := make([]lab.Block, 0, len(message.Blocks))
	for i := range message.Blocks {
		if message.Blocks[i].Type != lab.ToolCallBlock {
			continue
		}
		calls = append(calls, message.Blocks[i])
	}
	return calls
}

// RunTool runs the one tool that call names and returns the toolResult that
// answers it. This is the happy path only: an unknown tool or a failing tool
// stops the program. Lesson 04 is about that.
func RunTool(tools []lab.Tool, call lab.Block) lab.Message {
	for _, tool := range tools {
		if tool.Name != call.Name {
			continue
		}
		output, err := tool.Execute(call.Arguments)
		if err != nil {
			panic(fmt.Sprintf("%s: %v", call.Name, err))
		}
		var result lab.Message
		result.Role = lab.RoleToolResult
		result.ToolCallID = call.ID
		result.ToolName = tool.Name
		result.Content = output
		return result
	}
	panic(fmt.Sprintf("RunTool: there is no tool called %q", call.Name))
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
	calls := ToolCalls(reply)
	if len(calls) == 0 {
		return messages, TextOf(reply)
	}
	for _, call := range calls {
		messages = append(messages, RunTool(tools, call))
	}
	final := model.Complete(System, messages, ToolSpecs(tools))
	return append(messages, final), TextOf(final)
}
