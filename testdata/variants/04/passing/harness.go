package harness

import (
	"errors"
	"fmt"
	"strings"

	"harnesslab/lab"
)

// RunTool runs the one tool that call names and returns the toolResult that
// answers it. Every call gets exactly one result, and a failure is a result
// too: an unknown tool, a missing input, a tool that returns an error or
// panics all become a result with IsError set, which the model can act on.
func RunTool(tools []lab.Tool, call lab.Block) lab.Message {
	content, err := runChecked(tools, call)
	if err != nil {
		return lab.Message{
			Role:       lab.RoleToolResult,
			ToolCallID: call.ID,
			ToolName:   call.Name,
			Content:    fmt.Sprintf("Error: %v", err),
			IsError:    true,
		}
	}
	return lab.Message{Role: lab.RoleToolResult, ToolCallID: call.ID, ToolName: call.Name, Content: content}
}

// runChecked finds the tool, checks its required inputs and runs it. Every
// way it can fail comes back as an error, a panic included.
func runChecked(tools []lab.Tool, call lab.Block) (content string, err error) {
	tool, found := findTool(tools, call.Name)
	if !found {
		return "", fmt.Errorf("no tool called %s", call.Name)
	}
	if input, ok := firstMissing(lab.Required(tool.Parameters), call.Arguments); ok {
		return "", errors.New("missing input " + input)
	}
	defer func() {
		if r := recover(); r != nil {
			content, err = "", fmt.Errorf("%v", r)
		}
	}()
	return tool.Execute(call.Arguments)
}

// firstMissing returns the first of required that args does not hold.
func firstMissing(required []string, args lab.Args) (string, bool) {
	for _, input := range required {
		if _, present := args[input]; !present {
			return input, true
		}
	}
	return "", false
}
