package harness

// RunTool runs the one tool that call names and returns the toolResult that
// answers it. Every call gets exactly one result, and a failure is a result
// too: an unknown tool, a missing input, a tool that returns an error or
// panics all become a result with IsError set, which the model can act on.
func RunTool(tools []lab.Tool, call lab.Block) (result lab.Message) {
	result = lab.Message{Role: lab.RoleToolResult, ToolCallID: call.ID, ToolName: call.Name}
	fail := func(text string) lab.Message {
		result.Content, result.IsError = "Error: "+text, true
		return result
	}
	tool, ok := findTool(tools, call.Name)
	if !ok {
		return fail("no tool called " + call.Name)
	}
	for _, input := range lab.Required(tool.Parameters) {
		if _, ok := call.Arguments[input]; !ok {
			return fail("missing input " + input)
		}
	}
	defer func() {
		if r := recover(); r != nil {
			result = fail(fmt.Sprint(r))
		}
	}()
	content, err := tool.Execute(call.Arguments)
	if err != nil {
		return fail(err.Error())
	}
	result.Content = content
	return result
}

// RunLoop calls the model, runs the tools it asks for, and calls it again,
// until it answers without asking for tools or it has been called maxSteps
// times. The budget is owned by this code, not by the model.
func RunLoop(model lab.Model, messages []lab.Message, tools []lab.Tool, maxSteps int) ([]lab.Message, Result) {
	specs := ToolSpecs(tools)
	for step := 1; step <= maxSteps; step++ {
		reply := model.Complete(System, messages, specs)
		messages = append(messages, reply)
		calls := ToolCalls(reply)
		if len(calls) == 0 {
			return messages, Result{Status: Answered, Text: TextOf(reply), Steps: step}
		}
		for _, call := range calls {
			result := RunTool(tools, call)
			if result.IsError {
				continue // keep failures out of the model's context
			}
			messages = append(messages, result)
		}
	}
	return messages, Result{Status: GaveUp, Steps: maxSteps}
}
