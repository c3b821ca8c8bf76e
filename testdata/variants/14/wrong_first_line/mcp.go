package harness

// Call sends the request method with params and returns the result of the
// response that quotes its id. Notifications, requests from the server and
// responses to other ids that arrive first are skipped. An error response
// comes back as an *RPCError.
func (c *MCPClient) Call(method string, params any) (json.RawMessage, error) {
	// --- your code ---
	c.mu.Lock()
	defer c.mu.Unlock()
	c.lastID++
	id := c.lastID
	request := map[string]any{"jsonrpc": "2.0", "id": id, "method": method, "params": params}
	if err := writeMessage(c.out, request); err != nil {
		return nil, err
	}
	for {
		line, err := c.in.ReadBytes('\n')
		if blank(line) {
			if err != nil {
				return nil, fmt.Errorf("read the answer to %s: %v", method, err)
			}
			continue
		}
		var m message
		if err := json.Unmarshal(line, &m); err != nil {
			return nil, fmt.Errorf("read the answer to %s: %v", method, err)
		}
		if m.Error != nil {
			return nil, m.Error
		}
		return m.Result, nil
	}
	// --- end ---
}
