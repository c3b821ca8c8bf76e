package harness

// serveLine answers one line, or returns nil for a notification.
func serveLine(tools []lab.Tool, line []byte) map[string]any {
	// --- your code ---
	var m message
	if err := json.Unmarshal(line, &m); err != nil {
		return failure(json.RawMessage("null"), CodeParseError, "Parse error: "+err.Error())
	}
	if m.ID == nil {
		return nil
	}
	var id any
	_ = json.Unmarshal(m.ID, &id)
	again, _ := json.Marshal(id)
	m.ID = again
	if m.Method == "" {
		return failure(m.ID, CodeInvalidRequest, "Invalid request: no method")
	}
	var result any
	switch m.Method {
	case "initialize":
		result = initializeResult()
	case "ping":
		result = map[string]any{}
	case "tools/list":
		result = listResult(tools)
	case "tools/call":
		result = callResultOf(tools, m.Params)
	default:
		return failure(m.ID, CodeMethodNotFound, "Method not found: "+m.Method)
	}
	return map[string]any{"jsonrpc": "2.0", "id": m.ID, "result": result}
	// --- end ---
}
