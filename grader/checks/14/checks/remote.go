package checks

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"harnesslab/grader/checkkit"
	"harnesslab/lab"
)

// remoteTool is a tool of a server built with the SDK: what it says about
// itself, and what it answers every call.
type remoteTool struct {
	Name        string
	Description string
	Schema      lab.Schema
	ReadOnly    bool          // the server's annotation readOnlyHint
	Answer      []mcp.Content // the content of its result
	IsError     bool          // the result's isError
}

// remoteCall is one call a server's tool received.
type remoteCall struct {
	Tool string
	Args lab.Args
}

// remote is a server built with the official MCP Go SDK, connected to the
// student's client by two pipes. The student's client reads In and writes
// Out.
type remote struct {
	In  io.Reader
	Out io.Writer

	toServer, toClient *io.PipeReader
	fromServer         *io.PipeWriter
	client, server     *tap
	session            *mcp.ServerSession
	sdk                *mcp.Server
	initialized        chan struct{}
	listChanged        chan struct{} // closed when the server announces a change to its tools
	stuck              chan struct{} // closed when the connection ends, one way or the other
	ending             sync.Once     // closes stuck
	timedOut           atomic.Bool   // the server gave up waiting on the client

	mu    sync.Mutex
	calls []remoteCall
}

// startRemote starts an SDK server offering tools and returns the streams
// the student's client talks to it on. After patience seconds without the
// client finishing, the server side closes, so a client waiting for a line
// that never comes gets an error instead of hanging.
func startRemote(c *checkkit.C, tools []remoteTool) *remote {
	r := &remote{initialized: make(chan struct{}), listChanged: make(chan struct{}), stuck: make(chan struct{})}
	count := &counter{}
	serverIn, clientOut := io.Pipe()
	clientIn, serverOut := io.Pipe()
	r.toServer, r.toClient, r.fromServer = serverIn, clientIn, serverOut
	r.client = &tap{c: c, who: "your client", w: clientOut, count: count}
	r.server = &tap{c: c, who: "the SDK server", w: serverOut, count: count}
	r.In, r.Out = clientIn, r.client
	var announced sync.Once
	r.server.saw = func(line string) {
		if strings.Contains(line, `"notifications/tools/list_changed"`) {
			announced.Do(func() { close(r.listChanged) })
		}
	}

	var once sync.Once
	server := mcp.NewServer(&mcp.Implementation{Name: "sdk-server", Version: "1.8.0"}, &mcp.ServerOptions{
		InitializedHandler: func(context.Context, *mcp.InitializedRequest) { once.Do(func() { close(r.initialized) }) },
	})
	for _, t := range tools {
		tool := &mcp.Tool{Name: t.Name, Description: t.Description, InputSchema: t.Schema}
		if t.ReadOnly {
			tool.Annotations = &mcp.ToolAnnotations{ReadOnlyHint: true}
		}
		server.AddTool(tool, func(_ context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			var args lab.Args
			_ = json.Unmarshal(req.Params.Arguments, &args)
			r.mu.Lock()
			r.calls = append(r.calls, remoteCall{Tool: req.Params.Name, Args: args})
			r.mu.Unlock()
			return &mcp.CallToolResult{Content: t.Answer, IsError: t.IsError}, nil
		})
	}
	session, err := server.Connect(context.Background(), &mcp.IOTransport{Reader: serverIn, Writer: r.server}, nil)
	if err != nil {
		c.Fatalf("the check could not start its MCP server (this is the kit's fault, not yours): %v", err)
	}
	r.session, r.sdk = session, server
	go func() {
		select {
		case <-r.stuck:
		case <-time.After(patience * time.Second):
			r.giveUp()
		}
	}()
	return r
}

// giveUp closes the server's side, so a client still reading gets an error.
func (r *remote) giveUp() {
	first := false
	r.ending.Do(func() { close(r.stuck); first = true })
	if !first {
		return
	}
	r.timedOut.Store(true)
	r.toClient.CloseWithError(errors.New("the check closed the connection: your client had waited " +
		"3 seconds for a line the server was never going to write"))
}

// waited reports whether the server gave up waiting on the client.
func (r *remote) waited() bool {
	return r.timedOut.Load()
}

// Close ends the connection.
func (r *remote) Close() {
	r.ending.Do(func() { close(r.stuck) })
	r.toClient.Close()
	r.toServer.Close()
	r.session.Close()
}

// removeTool withdraws the tool called name, and waits until the server has
// begun to announce it: the announcement then reaches the client before the
// answer to anything the client asks next.
func (r *remote) removeTool(c *checkkit.C, name string) {
	r.sdk.RemoveTools(name)
	select {
	case <-r.listChanged:
	case <-time.After(time.Second):
		c.Fatalf("the SDK server did not announce that its tools changed (this is the kit's fault, not yours).")
	}
}

// Calls returns the calls the server's tools received, in order.
func (r *remote) Calls() []remoteCall {
	r.mu.Lock()
	defer r.mu.Unlock()
	return append([]remoteCall(nil), r.calls...)
}

// sawInitialized reports whether the server received the initialized
// notification.
func (r *remote) sawInitialized() bool {
	select {
	case <-r.initialized:
		return true
	case <-time.After(time.Second):
		return false
	}
}

// connectedTools connects to r as the server called name and returns the
// tools the student's client lists, or stops the check saying why not.
func connectedTools(c *checkkit.C, r *remote, name string) []lab.Tool {
	tools, err := connect(c, r, name).Tools()
	c.Must(err == nil, "Tools() returned the error %v", err)
	return tools
}

// connect connects the student's client to r as the server called name, and
// stops the check with a clear failure if it cannot.
func connect(c *checkkit.C, r *remote, name string) Client {
	client, err := S.Connect(name, r.In, r.Out)
	if r.waited() {
		c.Fatalf("ConnectMCP(%q, ...) was still waiting for the server after %d seconds. The SDK server answers "+
			"initialize once and never answers a notification: does your client wait for a line after sending "+
			"notifications/initialized, or read the answer to a request other than its own? The wire is below.", name, patience)
	}
	if err != nil {
		c.Fatalf("ConnectMCP(%q, ...) returned the error %q, connecting to a server built with the official MCP Go SDK. The wire is below.", name, err.Error())
	}
	if client == nil {
		c.Fatalf("ConnectMCP(%q, ...) returned no client and no error.", name)
	}
	return client
}
