package checks

import (
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"sync"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"harnesslab/grader/checkkit"
	"harnesslab/lab"
)

// connectShakesHands: ConnectMCP sends initialize with the lesson's version
// and name, waits for the answer, then sends notifications/initialized.
func connectShakesHands(c *checkkit.C) {
	checkkit.Scenarios(c, servers(), func(s server) {
		r := startRemote(c, s.Tools)
		defer r.Close()
		connect(c, r, s.Name)
		params := r.session.InitializeParams()
		c.Must(params != nil, "the SDK server never received an initialize request from ConnectMCP.")
		c.Equal("The initialize request should ask for protocol version "+checkkit.Quote(mcpVersion)+" and name the client "+checkkit.Quote(clientName)+".",
			[]string{mcpVersion, clientName}, []string{params.ProtocolVersion, clientNameOf(params)})
		if !r.sawInitialized() {
			c.Fatalf("After the server answered initialize, ConnectMCP returned without sending the notification " +
				"notifications/initialized (a message with a method and no id). Until it comes, a server may refuse " +
				"everything else.")
		}
		refuseHandshake(c, s.Name)
	})
}

// handshakeRefusals say how a server written by hand refuses initialize,
// by the name of the server in each scenario of connectShakesHands.
var handshakeRefusals = map[string]struct {
	Code    int
	Message string
}{
	"notes": {-32602, "Unsupported protocol version"},
	"web-2": {-32603, "Server is shutting down"},
}

// refuseHandshake: a server that answers initialize with an error response
// gets no initialized notification, and ConnectMCP returns an error and no
// client.
func refuseHandshake(c *checkkit.C, name string) {
	refused, ok := handshakeRefusals[name]
	c.Must(ok, "the check has no refusal for the server %q (this is the kit's fault, not yours).", name)
	h := startScripted(c, "the refusing server", map[string]string{"initialize": refusal(refused.Code, refused.Message)}, nil)
	defer h.Close()
	client, err := S.Connect(name, h.In, h.Out)
	answer := fmt.Sprintf("an error response (code %d, %s)", refused.Code, checkkit.Quote(refused.Message))
	switch {
	case err == nil:
		c.Errorf("A second server (the refusing server on the wire) answered initialize with %s, so ConnectMCP "+
			"should return an error; it returned a client and no error. Look at what Call returned for initialize: "+
			"an error response means the server refused the connection. The wire is below.", answer)
	case client != nil:
		c.Errorf("A second server (the refusing server on the wire) answered initialize with %s; ConnectMCP "+
			"returned the error %v, but also a client. A refused connection gives no client (nil).", answer, err)
	}
	sent, _ := lines("your client", h.sent.written())
	for _, m := range sent {
		if m.Method == "notifications/initialized" {
			c.Errorf("A second server (the refusing server on the wire) answered initialize with %s, yet your "+
				"client sent notifications/initialized: that notification says the handshake succeeded. Return "+
				"the error before sending it. The wire is below.", answer)
			break
		}
	}
}

// clientNameOf returns the name a client gave in initialize.
func clientNameOf(p *mcp.InitializeParams) string {
	if p.ClientInfo == nil {
		return ""
	}
	return p.ClientInfo.Name
}

// clientWritesLines: every message the client writes is one JSON-RPC
// object on a line of its own; requests carry ids of their own, and the
// notification none.
func clientWritesLines(c *checkkit.C) {
	checkkit.Scenarios(c, servers(), func(s server) {
		r := startRemote(c, s.Tools)
		defer r.Close()
		client := connect(c, r, s.Name)
		tools, err := client.Tools()
		c.Must(err == nil, "Tools() returned the error %v", err)
		for _, t := range tools {
			_, _ = t.Execute(lab.Args{})
		}
		sent, problems := lines("your client", r.client.written())
		for _, p := range problems {
			c.Errorf("%s", p)
		}
		var got []string
		ids := map[string]bool{}
		for _, m := range sent {
			kind := m.Method
			switch {
			case m.ID == nil || string(m.ID) == "null":
				kind += " (notification)"
			case ids[string(m.ID)]:
				c.Errorf("Your client used the id %s for two requests: an id names one request, so the answer to each can be told apart.", m.ID)
			}
			ids[string(m.ID)] = true
			got = append(got, kind)
		}
		want := []string{"initialize", "notifications/initialized (notification)", "tools/list"}
		for range s.Tools {
			want = append(want, "tools/call")
		}
		c.Equal("Your client should send initialize, the initialized notification (no id), tools/list, then one tools/call per call, in that order.", want, got)
	})
}

// toolsNamedPerServer: the tools come back named server__tool, with the
// server's descriptions and schemas, so two servers' search tools differ.
func toolsNamedPerServer(c *checkkit.C) {
	sets := servers()
	both := []checkkit.Data[[2]server]{
		{Name: "two servers that both offer search", Data: [2]server{sets[0].Data, sets[1].Data}},
		{Name: "the same two, connected the other way round", Data: [2]server{sets[1].Data, sets[0].Data}},
	}
	checkkit.Scenarios(c, both, func(pair [2]server) {
		var got []lab.Spec
		for _, s := range pair {
			r := startRemote(c, s.Tools)
			client := connect(c, r, s.Name)
			first, err := client.Tools()
			c.Must(err == nil, "Tools() of the server %q returned the error %v", s.Name, err)
			// What the caller does with one list must not show in the next.
			for i := range first {
				first[i].Description = "changed by the caller"
				if first[i].Parameters != nil {
					first[i].Parameters["type"] = "changed by the caller"
				}
			}
			tools, err := client.Tools()
			r.Close()
			c.Must(err == nil, "Tools() of the server %q, asked a second time, returned the error %v", s.Name, err)
			got = append(got, checkkit.SpecsOf(tools)...)
		}
		want := append(wantSpecs(pair[0]), wantSpecs(pair[1])...)
		if !c.Equal("The model should be offered every tool of both servers, each named <server>"+separator+"<tool> (the server's name, "+
			checkkit.Quote(separator)+", the tool's own name), with the description and input schema the server gave, each time Tools() is asked (the check changed the first list it got, then asked again).", want, got) {
			return
		}
		if S.ToolName("notes", "search") != "notes"+separator+"search" {
			c.Errorf("ToolName(\"notes\", \"search\") returned %s; expected %s.", checkkit.Quote(S.ToolName("notes", "search")), checkkit.Quote("notes"+separator+"search"))
		}
	})
}

// callReachesTool: a call to server__tool reaches that server as a
// tools/call of the tool's own name with the arguments as given, once, and
// comes back as the text of the result.
func callReachesTool(c *checkkit.C) {
	checkkit.Scenarios(c, servers(), func(s server) {
		r := startRemote(c, s.Tools)
		defer r.Close()
		client := connect(c, r, s.Name)
		tools, err := client.Tools()
		c.Must(err == nil, "Tools() returned the error %v", err)
		last := s.Tools[len(s.Tools)-1]
		name := s.Name + separator + last.Name
		tool, ok := find(tools, name)
		c.Must(ok, "Tools() offered no tool called %s; it offered %s.", checkkit.Quote(name), checkkit.List(names(tools)))
		args := lab.Args{}
		for field := range last.Schema["properties"].(lab.Schema) {
			args[field] = "word for " + field
		}
		if _, ok := last.Schema["properties"].(lab.Schema)["limit"]; ok {
			args["limit"] = 2
		}
		sent := lab.CloneArgs(args)
		tool = c.Record("the client's tool: one call, then two at once").Tools(tool)[0]
		got, err := tool.Execute(args)
		c.Must(err == nil, "Running %s returned the error %v; the server answered it without an error.", name, err)
		c.Equal("The server should receive one call of its own tool name ("+checkkit.Quote(last.Name)+", without the server's name) with the arguments exactly as given.",
			[]remoteCall{{Tool: last.Name, Args: viaJSON(sent)}}, r.Calls())
		c.Equal("Running "+name+" should return the text of the server's answer.", wantText(last.Answer), got)
		if c.Failed() {
			return
		}
		// Lesson 11 runs read-only calls side by side: two calls of one
		// server at once must each get their own answer.
		var wg sync.WaitGroup
		texts, errs := make([]string, 2), make([]error, 2)
		for i := range 2 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				texts[i], errs[i] = tool.Execute(lab.CloneArgs(sent))
			}()
		}
		wg.Wait()
		c.Equal("Running "+name+" twice at once (as lesson 11's RunCalls does with reads) should give each call the server's "+
			"answer, with no error: a client shared by two calls must send a request and read its answer as one step, "+
			"under its lock, or one call reads the other's answer.",
			[]string{wantText(last.Answer), wantText(last.Answer)}, texts)
		c.Equal("Neither of the two calls at once should fail:", []error{nil, nil}, errs)
	})
}

// wantText is the text a result's content comes to: text blocks as they
// are, other blocks named by type, joined by "\n".
func wantText(content []mcp.Content) string {
	var parts []string
	for _, block := range content {
		if t, ok := block.(*mcp.TextContent); ok {
			parts = append(parts, t.Text)
			continue
		}
		raw, _ := json.Marshal(block)
		var typed struct{ Type string }
		_ = json.Unmarshal(raw, &typed)
		parts = append(parts, "["+typed.Type+" content]")
	}
	return strings.Join(parts, "\n")
}

// contentJoined and the two sets of blocks a result can hold.
type contentCase struct {
	Blocks  []mcp.Content
	IsError bool
}

// resultContentJoined: a result of several blocks comes back as each
// block's text joined by newlines, a block that is not text named by its
// type, and an empty content as empty text.
func resultContentJoined(c *checkkit.C) {
	cases := []checkkit.Data[contentCase]{
		{Name: "three text blocks and an image", Data: contentCase{Blocks: []mcp.Content{
			text("line one"), text(""), text("line three"), &mcp.ImageContent{Data: []byte{1, 2}, MIMEType: "image/png"}}}},
		{Name: "no blocks at all", Data: contentCase{Blocks: []mcp.Content{}}},
		{Name: "one block with newlines of its own", Data: contentCase{Blocks: []mcp.Content{text("a\nb\n")}}},
	}
	checkkit.Scenarios(c, cases, func(cc contentCase) {
		tool := remoteTool{Name: "report", Description: "A report.", Schema: lab.Schema{"type": "object"}, Answer: cc.Blocks}
		r := startRemote(c, []remoteTool{tool})
		defer r.Close()
		client := connect(c, r, "docs")
		tools, err := client.Tools()
		c.Must(err == nil && len(tools) == 1, "Tools() returned %d tools and the error %v; expected the one tool docs%sreport.", len(tools), err, separator)
		got, err := c.Record("the client's tool: one call").Tools(tools[0])[0].Execute(lab.Args{})
		c.Must(err == nil, "Running docs%sreport returned the error %v; the server answered it without an error.", separator, err)
		c.Equal("The text of a result should be the text of each block, joined by \"\\n\" (a block that is not text written [<type> content]).", wantText(cc.Blocks), got)
	})
}

// isErrorKept: a result with isError set becomes an error result in the
// conversation, with the server's text, never a success.
func isErrorKept(c *checkkit.C) {
	type failing struct{ Server, Text string }
	cases := []checkkit.Data[failing]{
		{Name: "a disk that is full", Data: failing{Server: "files", Text: "disk full: nothing written"}},
		{Name: "a quota spent", Data: failing{Server: "mail", Text: "quota exceeded, try tomorrow"}},
	}
	checkkit.Scenarios(c, cases, func(f failing) {
		tool := remoteTool{Name: "save", Description: "Save.", Schema: lab.Schema{"type": "object"}, Answer: []mcp.Content{text(f.Text)}, IsError: true}
		r := startRemote(c, []remoteTool{tool})
		defer r.Close()
		client := connect(c, r, f.Server)
		tools, err := client.Tools()
		c.Must(err == nil, "Tools() returned the error %v", err)
		call := lab.Call(f.Server+separator+"save", lab.Args{}).WithID("c1")
		got := runTool(c, tools, call)
		want := checkkit.ErrorResult("c1", call.Name, "Error: "+f.Text)
		c.Equal("The server answered with isError: true, so the call's result should be an error result quoting the server's text.", want, got)
	})
}

// runTool runs one call through the student's loop and returns its result.
// The run's transcript is attached to c.
func runTool(c *checkkit.C, tools []lab.Tool, call lab.Block) lab.Message {
	model := lab.NewScriptedModel(lab.Reply(call), lab.Say("done"))
	rec := c.Record("RunLoop with one call to " + call.Name)
	messages, _ := S.RunLoop(rec.Model(model), []lab.Message{lab.User("go")}, rec.Tools(tools...), 2)
	for _, m := range messages {
		if m.Role == lab.RoleToolResult {
			return m
		}
	}
	return lab.Message{}
}

// errorResponseIsError: an error response to a request is an error, with
// the server's code and message, never a result; and a call to a tool the
// server has withdrawn since it was listed gets an error result.
func errorResponseIsError(c *checkkit.C) {
	type asking struct {
		Server   server
		Method   string   // a method the server does not have
		Withdraw string   // a listed tool the server then withdraws
		Args     lab.Args // good arguments for it
	}
	sets := servers()
	cases := []checkkit.Data[asking]{
		{Name: sets[0].Name, Data: asking{Server: sets[0].Data, Method: "reports/list", Withdraw: "delete", Args: lab.Args{"id": "n1"}}},
		{Name: sets[1].Name, Data: asking{Server: sets[1].Data, Method: "notes/export", Withdraw: "fetch", Args: lab.Args{"url": "https://grace.example"}}},
	}
	checkkit.Scenarios(c, cases, func(a asking) {
		s := a.Server
		r := startRemote(c, s.Tools)
		defer r.Close()
		client := connect(c, r, s.Name)
		for _, ask := range []struct {
			method string
			params any
		}{
			{a.Method, map[string]any{}},
			{"tools/call", map[string]any{"name": "shred", "arguments": map[string]any{}}},
		} {
			raw, err := client.Call(ask.method, ask.params)
			answer := lastError(r.server.written())
			c.Must(answer != nil, "the SDK server did not answer %s with an error (this is the kit's fault, not yours).", ask.method)
			var rpc *RPCError
			if !errors.As(err, &rpc) {
				c.Fatalf("Call(%q, ...) returned %s and the error %v. The server answered with an error response (code %d, %s): "+
					"Call should return it as an *RPCError, not as a result.", ask.method, checkkit.Quote(string(raw)), err, answer.Code, checkkit.Quote(answer.Message))
			}
			if !c.Equal("Call("+checkkit.Quote(ask.method)+", ...) should return the server's error code and message.",
				[2]any{answer.Code, answer.Message}, [2]any{rpc.Code, rpc.Message}) {
				return
			}
		}
		// A tool listed, then withdrawn: its call gets an error response,
		// worded by the SDK (server.go, "unknown tool %q").
		tools, err := client.Tools()
		c.Must(err == nil, "Tools() returned the error %v", err)
		r.removeTool(c, a.Withdraw)
		name := s.Name + separator + a.Withdraw
		got := runTool(c, tools, lab.Call(name, a.Args).WithID("c7"))
		refusal := fmt.Sprintf("unknown tool %q", a.Withdraw)
		if !got.IsError || !strings.Contains(got.Content, refusal) {
			c.Errorf("The server withdrew %s after listing it, and answered its tools/call with an error response (%s), so the "+
				"call's result should be an error result holding that message; got %s.", a.Withdraw, checkkit.Quote(refusal),
				checkkit.Quote(strings.TrimSpace(lab.Show([]lab.Message{got}))))
		}
	})
}

// lastError returns the last error response the server wrote.
func lastError(written string) *struct {
	Code    int    `json:"code"`
	Message string `json:"message"`
} {
	sent, _ := lines("the server", written)
	for i := len(sent) - 1; i >= 0; i-- {
		if sent[i].Error != nil {
			return sent[i].Error
		}
	}
	return nil
}
