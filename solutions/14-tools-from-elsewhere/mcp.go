package harness

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"
	"sync"

	"harnesslab/lab"
)

// The words of the protocol. Checks compare against these exact values.
const (
	// MCPVersion is the version of the Model Context Protocol this harness
	// speaks, sent in the initialize request and answered by the server.
	MCPVersion = "2025-11-25"
	// NameSeparator joins a server's name and a tool's name into the name the
	// model sees: "notes" and "search" become "notes__search". Providers
	// accept only letters, digits, "_" and "-" in a tool name, so a dot or a
	// slash would be refused.
	NameSeparator = "__"
	// ClientName and ServerName are what this harness calls itself in the
	// initialize handshake, as a client and as a server.
	ClientName = "harnesslab-client"
	ServerName = "harnesslab-server"
)

// The JSON-RPC error codes this harness sends and understands.
const (
	CodeParseError     = -32700 // the line is not JSON
	CodeInvalidRequest = -32600 // JSON, but not a request
	CodeMethodNotFound = -32601 // a method this side does not offer
)

// RPCError is an error response from the other side of a connection: its
// JSON-RPC code and message.
type RPCError struct {
	Code    int    `json:"code"`
	Message string `json:"message"`
}

// Error says what the other side answered, with its code.
func (e *RPCError) Error() string {
	return fmt.Sprintf("%s (code %d)", e.Message, e.Code)
}

// ToolName returns the name the model sees for the tool called tool on the
// server called server: the two joined by NameSeparator. Two servers that
// both offer "search" give two names, and a policy written for one never
// matches the other.
func ToolName(server, tool string) string {
	// --- your code ---
	return server + NameSeparator + tool
	// --- starter ---
	panic("ToolName: not written yet")
	// --- end ---
}

// message is one JSON-RPC message as it travels: a request (ID and Method),
// a notification (Method, no ID) or a response (ID, and Result or Error).
type message struct {
	JSONRPC string          `json:"jsonrpc"`
	ID      json.RawMessage `json:"id,omitempty"`
	Method  string          `json:"method,omitempty"`
	Params  json.RawMessage `json:"params,omitempty"`
	Result  json.RawMessage `json:"result,omitempty"`
	Error   *RPCError       `json:"error,omitempty"`
}

// blank reports whether a line holds nothing but spaces and its newline.
func blank(line []byte) bool {
	return strings.TrimSpace(string(line)) == ""
}

// endOfStream reports whether err says the stream has ended.
func endOfStream(err error) bool {
	return errors.Is(err, io.EOF)
}

// writeMessage writes v as one line of JSON.
func writeMessage(w io.Writer, v any) error {
	line, err := json.Marshal(v)
	if err != nil {
		return fmt.Errorf("encode a message: %v", err)
	}
	if _, err := w.Write(append(line, '\n')); err != nil {
		return fmt.Errorf("send a message: %v", err)
	}
	return nil
}

// MCPClient is one connection to an MCP server: it sends requests on one
// stream and reads what the server answers on the other, one JSON-RPC
// message per line. Several goroutines may use it at once: their requests
// take turns.
type MCPClient struct {
	mu     sync.Mutex // one request at a time on the streams
	server string     // the server's name, as this harness knows it
	in     *bufio.Reader
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
	c := &MCPClient{server: server, in: bufio.NewReader(r), out: w}
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
	// --- starter ---
	panic("ConnectMCP: not written yet")
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
		if m.Method != "" || string(m.ID) != fmt.Sprint(id) {
			continue
		}
		if m.Error != nil {
			return nil, m.Error
		}
		return m.Result, nil
	}
	// --- starter ---
	panic("Call: not written yet")
	// --- end ---
}

// mcpTool is a tool as tools/list describes it.
type mcpTool struct {
	Name        string     `json:"name"`
	Description string     `json:"description,omitempty"`
	InputSchema lab.Schema `json:"inputSchema"`
}

// content is one block of a tool result's content.
type content struct {
	Type string `json:"type"`
	Text string `json:"text"`
}

// callResult is the result of tools/call.
type callResult struct {
	Content []content `json:"content"`
	IsError bool      `json:"isError,omitempty"`
}

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
			Execute:     func(args lab.Args) (string, error) { return c.callTool(t.Name, args) },
		})
	}
	return tools, nil
	// --- starter ---
	panic("Tools: not written yet")
	// --- end ---
}

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
	text := strings.Join(parts, "\n")
	if result.IsError {
		return "", errors.New(text)
	}
	return text, nil
	// --- starter ---
	panic("callTool: not written yet")
	// --- end ---
}

// ServeMCP serves tools to one MCP client: it reads requests from r, one per
// line, and writes one answer per request to w, until r ends. It answers
// initialize (MCPVersion, a tools capability, ServerName), ping, tools/list (every tool's
// name, description and inputSchema) and tools/call (the tool run through
// RunTool, its content as one text block, isError as RunTool says). Any
// other request gets the error CodeMethodNotFound; a line that is not JSON
// gets CodeParseError; notifications get no answer.
func ServeMCP(tools []lab.Tool, r io.Reader, w io.Writer) error {
	// --- your code ---
	in := bufio.NewReader(r)
	for {
		line, err := in.ReadBytes('\n')
		if !blank(line) {
			if answer := serveLine(tools, line); answer != nil {
				if werr := writeMessage(w, answer); werr != nil {
					return werr
				}
			}
		}
		if endOfStream(err) {
			return nil
		}
		if err != nil {
			return fmt.Errorf("read a request: %v", err)
		}
	}
	// --- starter ---
	panic("ServeMCP: not written yet")
	// --- end ---
}

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
	// --- starter ---
	panic("serveLine: not written yet")
	// --- end ---
}

// failure is an error response to the request with id.
func failure(id json.RawMessage, code int, text string) map[string]any {
	return map[string]any{"jsonrpc": "2.0", "id": id, "error": RPCError{Code: code, Message: text}}
}

// initializeResult answers initialize.
func initializeResult() map[string]any {
	return map[string]any{
		"protocolVersion": MCPVersion,
		"capabilities":    map[string]any{"tools": map[string]any{}},
		"serverInfo":      map[string]any{"name": ServerName, "version": "1.0.0"},
	}
}

// listResult answers tools/list.
func listResult(tools []lab.Tool) map[string]any {
	listed := make([]mcpTool, 0, len(tools))
	for _, tool := range tools {
		listed = append(listed, mcpTool{Name: tool.Name, Description: tool.Description, InputSchema: tool.Parameters})
	}
	return map[string]any{"tools": listed}
}

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
	return callResult{Content: []content{{Type: "text", Text: ran.Content}}, IsError: ran.IsError}
	// --- starter ---
	panic("callResultOf: not written yet")
	// --- end ---
}
