package harness

// callResultOf answers tools/call: the tool runs through RunTool, so an
// unknown tool, bad arguments, an error or a panic become a result with
// isError set.
func callResultOf(tools []lab.Tool, params json.RawMessage) callResult {
	// --- your code ---
	var asked struct {
		Name      string   `json:"name"`
		Arguments lab.Args `json:"arguments"`
	}
	_ = json.Unmarshal(params, &asked)
	if asked.Arguments == nil {
		asked.Arguments = lab.Args{}
	}
	for _, tool := range tools {
		if tool.Name == asked.Name {
			text, err := tool.Execute(asked.Arguments)
			if err != nil {
				return callResult{Content: []content{{Type: "text", Text: "Error: " + err.Error()}}, IsError: true}
			}
			return callResult{Content: []content{{Type: "text", Text: text}}}
		}
	}
	return callResult{Content: []content{{Type: "text", Text: "Error: no tool called " + asked.Name}}, IsError: true}
	// --- end ---
}
