package harness

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"sync"

	"harnesslab/lab"
)

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
		var got json.Number
		if m.Method != "" || json.Unmarshal(m.ID, &got) != nil || got.String() != strconv.Itoa(id) {
			continue
		}
		if m.Error != nil {
			return nil, m.Error
		}
		return m.Result, nil
	}
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
	var b strings.Builder
	for i, block := range result.Content {
		if i > 0 {
			b.WriteByte('\n')
		}
		switch block.Type {
		case "text":
			b.WriteString(block.Text)
		default:
			fmt.Fprintf(&b, "[%s content]", block.Type)
		}
	}
	text := b.String()
	if result.IsError {
		return "", errors.New(text)
	}
	return text, nil
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
	handlers := map[string]func() any{
		"initialize": func() any { return initializeResult() },
		"ping":       func() any { return struct{}{} },
		"tools/list": func() any { return listResult(tools) },
		"tools/call": func() any { return callResultOf(tools, m.Params) },
	}
	handle, ok := handlers[m.Method]
	if !ok {
		return failure(m.ID, CodeMethodNotFound, fmt.Sprintf("no method %q here", m.Method))
	}
	return map[string]any{"jsonrpc": "2.0", "id": m.ID, "result": handle()}
	// --- end ---
}
