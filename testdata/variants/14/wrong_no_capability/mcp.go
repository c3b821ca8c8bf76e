package harness

// initializeResult answers initialize.
func initializeResult() map[string]any {
	return map[string]any{
		"protocolVersion": MCPVersion,
		"capabilities":    map[string]any{},
		"serverInfo":      map[string]any{"name": ServerName, "version": "1.0.0"},
	}
}
