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
	ran := RunTool(tools, lab.Block{Type: lab.ToolCallBlock, Name: asked.Name, Arguments: asked.Arguments})
	return callResult{Content: []content{{Type: "text", Text: ran.Content}}}
	// --- end ---
}
