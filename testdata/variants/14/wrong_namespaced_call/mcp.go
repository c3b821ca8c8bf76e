package harness

// Tools lists the server's tools (tools/list) and returns them as lab.Tool
// values the harness can offer: each named ToolName(server, name), with the
// server's description and input schema, and an Execute that sends
// tools/call with the tool's name on the server. What a call returns is the
// text of its content blocks joined by "\n" (a block of another type is
// written "[<type> content]"); a result with isError set, or an error
// response, is an error. Nothing the server says changes what the harness's
// policy allows: its tools are as untrusted as any other.
func (c *MCPClient) Tools() ([]lab.Tool, error) {
	// --- your code ---
	raw, err := c.Call("tools/list", map[string]any{})
	if err != nil {
		return nil, fmt.Errorf("list the tools of %s: %w", c.server, err)
	}
	var listed struct {
		Tools []mcpTool `json:"tools"`
	}
	if err := json.Unmarshal(raw, &listed); err != nil {
		return nil, fmt.Errorf("list the tools of %s: %v", c.server, err)
	}
	tools := make([]lab.Tool, 0, len(listed.Tools))
	for _, t := range listed.Tools {
		tools = append(tools, lab.Tool{
			Name:        ToolName(c.server, t.Name),
			Description: t.Description,
			Parameters:  t.InputSchema,
			Execute:     func(args lab.Args) (string, error) { return c.callTool(ToolName(c.server, t.Name), args) },
		})
	}
	return tools, nil
	// --- end ---
}
