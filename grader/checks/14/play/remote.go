package play

import (
	"context"
	"encoding/json"
	"io"
	"strings"
	"sync"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"harnesslab/grader/checkkit"
	"harnesslab/lab"
)

// Block is one block of a tool result's content, as a scenario holds it: a
// text block (Type "text"), or an image with its bytes and MIME type.
type Block struct {
	Type string `json:"type"`
	Text string `json:"text,omitempty"`
	Data []byte `json:"data,omitempty"`
	MIME string `json:"mime,omitempty"`
}

// Text is a text block.
func Text(s string) Block { return Block{Type: "text", Text: s} }

// content turns blocks into the SDK's content.
func content(blocks []Block) []mcp.Content {
	out := make([]mcp.Content, 0, len(blocks))
	for _, b := range blocks {
		switch b.Type {
		case "text":
			out = append(out, &mcp.TextContent{Text: b.Text})
		default:
			out = append(out, &mcp.ImageContent{Data: b.Data, MIMEType: b.MIME})
		}
	}
	return out
}

// RemoteTool is a tool of a server built with the SDK: what it says about
// itself, and what it answers every call.
type RemoteTool struct {
	Name        string
	Description string
	Schema      lab.Schema
	ReadOnly    bool    // the server's annotation readOnlyHint
	Answer      []Block // the content of its result
	IsError     bool    // the result's isError
}

// Server is a server built with the SDK: its name, as the harness knows it,
// and its tools.
type Server struct {
	Name  string
	Tools []RemoteTool
}

// RemoteCall is one call a server's tool received.
type RemoteCall struct {
	Tool string
	Args lab.Args
}

// remote is a server built with the official MCP Go SDK, connected to the
// client under play by two pipes. The client reads In and writes Out.
type remote struct {
	In  io.Reader
	Out io.Writer

	toServer, toClient *io.PipeReader
	client, server     *tap
	count              *counter
	session            *mcp.ServerSession
	sdk                *mcp.Server
	listChanged        chan struct{} // closed when the server announces a change to its tools

	mu    sync.Mutex
	calls []RemoteCall
}

// startRemote starts an SDK server offering tools and returns the streams
// the client under play talks to it on.
func startRemote(c *checkkit.C, tools []RemoteTool) *remote {
	r := &remote{listChanged: make(chan struct{}), count: &counter{}}
	serverIn, clientOut := io.Pipe()
	clientIn, serverOut := io.Pipe()
	r.toServer, r.toClient = serverIn, clientIn
	r.client = &tap{c: c, who: "your client", w: clientOut, count: r.count}
	r.server = &tap{c: c, who: "the SDK server", w: serverOut, count: r.count}
	r.In, r.Out = clientIn, r.client
	var announced sync.Once
	r.server.saw = func(line string) {
		if strings.Contains(line, `"notifications/tools/list_changed"`) {
			announced.Do(func() { close(r.listChanged) })
		}
	}
	server := mcp.NewServer(&mcp.Implementation{Name: "sdk-server", Version: "1.8.0"}, nil)
	for _, t := range tools {
		tool := &mcp.Tool{Name: t.Name, Description: t.Description, InputSchema: t.Schema}
		if t.ReadOnly {
			tool.Annotations = &mcp.ToolAnnotations{ReadOnlyHint: true}
		}
		answer := content(t.Answer)
		server.AddTool(tool, func(_ context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			var args lab.Args
			_ = json.Unmarshal(req.Params.Arguments, &args)
			r.mu.Lock()
			r.calls = append(r.calls, RemoteCall{Tool: req.Params.Name, Args: args})
			r.mu.Unlock()
			return &mcp.CallToolResult{Content: answer, IsError: t.IsError}, nil
		})
	}
	session, err := server.Connect(context.Background(), &mcp.IOTransport{Reader: serverIn, Writer: r.server}, nil)
	if err != nil {
		c.KitFatalf("it could not start its MCP server: %v", err)
	}
	r.session, r.sdk = session, server
	return r
}

// Close ends the connection.
func (r *remote) Close() {
	r.toClient.Close()
	r.toServer.Close()
	r.session.Close()
}

// removeTool withdraws the tool called name, and waits until the server has
// begun to announce it: the announcement then reaches the client before the
// answer to anything the client asks next.
func (r *remote) removeTool(name string) {
	r.sdk.RemoveTools(name)
	<-r.listChanged
}

// Calls returns the calls the server's tools received, in order.
func (r *remote) Calls() []RemoteCall {
	r.mu.Lock()
	defer r.mu.Unlock()
	return append([]RemoteCall{}, r.calls...)
}

// Initialized is what the SDK server was told in initialize: the protocol
// version and the client's name ("" when it was told nothing).
type Initialized struct {
	Version string
	Client  string
}

// initialized returns what the server was told in initialize.
func (r *remote) initialized() Initialized {
	p := r.session.InitializeParams()
	if p == nil {
		return Initialized{}
	}
	out := Initialized{Version: p.ProtocolVersion}
	if p.ClientInfo != nil {
		out.Client = p.ClientInfo.Name
	}
	return out
}

// connect connects the client under play to r as the server called name,
// and records what ConnectMCP returned under key. It returns nil when there
// is no client to go on with.
func connect(c *checkkit.C, key string, r io.Reader, w io.Writer, name string) Client {
	c.Logf("(if the check stops here, ConnectMCP(%q, ...) was waiting for a line the server was never going to write: "+
		"a server answers initialize once and never answers a notification)", name)
	client, err := S.Connect(name, r, w)
	c.Observe(key, Connected{Error: words(err), Client: client != nil})
	if err != nil || client == nil {
		return nil
	}
	return client
}

// list calls Tools and records its specs and error under key.
func list(c *checkkit.C, key string, client Client) ([]lab.Tool, bool) {
	tools, err := client.Tools()
	c.Observe(key, Listed{Specs: checkkit.SpecsOf(tools), Error: words(err)})
	return tools, err == nil
}

// find returns the tool called name in tools.
func find(tools []lab.Tool, name string) (lab.Tool, bool) {
	for _, t := range tools {
		if t.Name == name {
			return t, true
		}
	}
	return lab.Tool{}, false
}
