package harness

// callTool sends tools/call for the tool called name on the server and
// returns the text of its result.
func (c *MCPClient) callTool(name string, args lab.Args) (string, error) {
	// --- your code ---
	if args == nil {
		args = lab.Args{}
	}
	raw, err := c.Call("tools/call", map[string]any{"name": name, "arguments": args})
	if err != nil {
		return "", fmt.Errorf("%s server: %w", c.server, err)
	}
	var result callResult
	if err := json.Unmarshal(raw, &result); err != nil {
		return "", fmt.Errorf("%s server: %v", c.server, err)
	}
	parts := make([]string, 0, len(result.Content))
	for _, block := range result.Content {
		if block.Type == "text" {
			parts = append(parts, block.Text)
		} else {
			parts = append(parts, "["+block.Type+" content]")
		}
	}
	text := strings.Join(parts, "")
	if result.IsError {
		return "", errors.New(text)
	}
	return text, nil
	// --- end ---
}
