package harness

// ConnectMCP opens a connection to the server called server, which reads
// what w receives and writes what r gives. It sends the initialize request
// (MCPVersion, no capabilities, ClientName), waits for its answer, then sends
// the notifications/initialized notification. It returns an error if the
// server refuses or the streams fail.
func ConnectMCP(server string, r io.Reader, w io.Writer) (*MCPClient, error) {
	// --- your code ---
	c := &MCPClient{server: server, in: bufio.NewReader(r), out: w}
	params := map[string]any{
		"protocolVersion": MCPVersion,
		"capabilities":    map[string]any{},
		"clientInfo":      map[string]any{"name": ClientName, "version": "1.0.0"},
	}
	c.Call("initialize", params)
	note := map[string]any{"jsonrpc": "2.0", "method": "notifications/initialized"}
	if err := writeMessage(c.out, note); err != nil {
		return nil, fmt.Errorf("initialize %s: %w", server, err)
	}
	return c, nil
	// --- end ---
}
