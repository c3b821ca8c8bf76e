package harness

// RunLoop calls the model, runs the tools it asks for, and calls it again,
// until it answers without asking for tools or it has been called maxSteps
// times. The budget is owned by this code, not by the model.
func RunLoop(model lab.Model, messages []lab.Message, tools []lab.Tool, maxSteps int) ([]lab.Message, Result) {
	specs := ToolSpecs(tools)
	for step := 1; ; step++ {
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
}

// Chat says text to the model, runs the loop with a budget of MaxSteps, and
// returns the grown list and how the run ended.
func Chat(model lab.Model, messages []lab.Message, text string, tools []lab.Tool) ([]lab.Message, Result) {
	messages = append(messages, UserMessage(text))
	return RunLoop(model, messages, tools, MaxSteps)
}
