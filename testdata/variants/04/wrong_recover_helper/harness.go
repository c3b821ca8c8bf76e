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
			return ws.ReadText(path)
		},
	}
}

// caught stops a panic and says what it was.
func caught() (string, bool) {
	if r := recover(); r != nil {
		return fmt.Sprint(r), true
	}
	return "", false
}

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
		if why, panicked := caught(); panicked {
			result = fail(why)
		}
	}()
	content, err := tool.Execute(call.Arguments)
	if err != nil {
		return fail(err.Error())
	}
	result.Content = content
	return result
	// --- end ---
}
