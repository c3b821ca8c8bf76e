package harness

// MaxSteps is the step budget Chat gives the loop.
const MaxSteps = 8

// specs is what the requests say about the tools, worked out once.
var specs []lab.Spec

// RunLoop calls the model, runs the tools it asks for, and calls it again,
// until it answers without asking for tools or it has been called maxSteps
// times. The budget is owned by this code, not by the model.
func RunLoop(model lab.Model, messages []lab.Message, tools []lab.Tool, maxSteps int) ([]lab.Message, Result) {
	// --- your code ---
	if specs == nil {
		specs = ToolSpecs(tools) // the tools are the same every time
	}
	for step := 1; step <= maxSteps; step++ {
		reply := model.Complete(System, messages, specs)
		messages = append(messages, reply)
		calls := ToolCalls(reply)
		if len(calls) == 0 {
			return messages, Result{Status: Answered, Text: TextOf(reply), Steps: step}
		}
		for _, call := range calls {
			messages = append(messages, RunTool(tools, call))
		}
	}
	return messages, Result{Status: GaveUp, Steps: maxSteps}
	// --- end ---
}
