package harness

import (
	"fmt"
	"strings"

	"harnesslab/lab"
)

// MaxSteps is the step budget Chat gives the loop.
const MaxSteps = 8

// cache holds what each tool call returned, so no file is read twice.
var cache = map[string]string{}

// RunLoop calls the model, runs the tools it asks for, and calls it again,
// until it answers without asking for tools or it has been called maxSteps
// times. The budget is owned by this code, not by the model.
func RunLoop(model lab.Model, messages []lab.Message, tools []lab.Tool, maxSteps int) ([]lab.Message, Result) {
	// --- your code ---
	specs := ToolSpecs(tools)
	for step := 1; step <= maxSteps; step++ {
		reply := model.Complete(System, messages, specs)
		messages = append(messages, reply)
		calls := ToolCalls(reply)
		if len(calls) == 0 {
			return messages, Result{Status: Answered, Text: TextOf(reply), Steps: step}
		}
		for _, call := range calls {
			key := call.Name + " " + fmt.Sprint(call.Arguments)
			if _, ok := cache[key]; !ok {
				cache[key] = RunTool(tools, call).Content
			}
			messages = append(messages, lab.Message{Role: lab.RoleToolResult, ToolCallID: call.ID, ToolName: call.Name, Content: cache[key]})
		}
	}
	return messages, Result{Status: GaveUp, Steps: maxSteps}
	// --- end ---
}
