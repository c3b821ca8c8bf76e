package harness

// RunTool runs the one tool that call names and returns the toolResult that
// answers it. Every call gets exactly one result, and a failure is a result
// too: an unknown tool, a missing input, a tool that returns an error or
// panics all become a result with IsError set, which the model can act on.
func RunTool(tools []lab.Tool, call lab.Block) (result lab.Message) {
	// --- your code ---
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
	properties, _ := tool.Parameters["properties"].(lab.Schema)
	for name := range properties {
		if _, given := call.Arguments[name]; !given {
			call.Arguments[name] = "" // so the tool finds every input it knows
		}
	}
	content, err := tool.Execute(call.Arguments)
	if err != nil {
		return fail(err.Error())
	}
	result.Content = content
	return result
	// --- end ---
}
