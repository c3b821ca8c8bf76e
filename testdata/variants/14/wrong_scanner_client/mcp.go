package harness

// MCPClient is one connection to an MCP server: it sends requests on one
// stream and reads what the server answers on the other, one JSON-RPC
// message per line. Several goroutines may use it at once: their requests
// take turns.
type MCPClient struct {
	mu     sync.Mutex // one request at a time on the streams
	server string     // the server's name, as this harness knows it
	in     *bufio.Scanner
	out    io.Writer
	lastID int
}

// ConnectMCP opens a connection to the server called server, which reads
// what w receives and writes what r gives. It sends the initialize request
// (MCPVersion, no capabilities, ClientName), waits for its answer, then sends
// the notifications/initialized notification. It returns an error if the
// server refuses or the streams fail.
func ConnectMCP(server string, r io.Reader, w io.Writer) (*MCPClient, error) {
	// --- your code ---
	c := &MCPClient{server: server, in: bufio.NewScanner(r), out: w}
	params := map[string]any{
		"protocolVersion": MCPVersion,
		"capabilities":    map[string]any{},
		"clientInfo":      map[string]any{"name": ClientName, "version": "1.0.0"},
	}
	if _, err := c.Call("initialize", params); err != nil {
		return nil, fmt.Errorf("initialize %s: %w", server, err)
	}
	note := map[string]any{"jsonrpc": "2.0", "method": "notifications/initialized"}
	if err := writeMessage(c.out, note); err != nil {
		return nil, fmt.Errorf("initialize %s: %w", server, err)
	}
	return c, nil
	// --- end ---
}

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
		if !c.in.Scan() {
			return nil, fmt.Errorf("read the answer to %s: %v", method, c.in.Err())
		}
		line := c.in.Bytes()
		if blank(line) {
			continue
		}
		var m message
		if err := json.Unmarshal(line, &m); err != nil {
			return nil, fmt.Errorf("read the answer to %s: %v", method, err)
		}
		if m.Method != "" || string(m.ID) != fmt.Sprint(id) {
			continue
		}
		if m.Error != nil {
			return nil, m.Error
		}
		return m.Result, nil
	}
	// --- end ---
}
