package harness

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
			if err := InWorkspace(path); err != nil {
				return "", err
			}
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

// checkArguments returns nil when the arguments of call keep to the schema
// of tool, its Parameters, and otherwise the error Validate gives for them.
func checkArguments(tool lab.Tool, call lab.Block) error {
	// --- your code ---
	return Validate(tool.Parameters, call.Arguments)
	// --- starter ---
	// Hand the tool's Parameters and the call's Arguments to Validate
	// (schema.go). RunTool turns an error into the call's one result.
	panic("checkArguments: not written yet")
	// --- end ---
}

// RunTool runs the one tool that call names and returns the toolResult that
// answers it. Every call gets exactly one result, and a failure is a result
// too: an unknown tool, arguments that break the tool's schema, a tool that
// returns an error or panics all become a result with IsError set, which the
// model can act on. A call whose arguments break the schema never runs.
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
	if err := checkArguments(tool, call); err != nil {
		return fail(err.Error())
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
