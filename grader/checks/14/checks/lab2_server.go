package checks

import (
	"context"
	"encoding/json"
	"fmt"
	"sync"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"harnesslab/grader/checkkit"
	"harnesslab/lab"
)

// prefixes name the two runs of each server scenario.
func prefixes() []checkkit.Data[string] {
	return []checkkit.Data[string]{
		{Name: "tools called add and fail", Data: ""},
		{Name: "other tools, other texts", Data: "x_"},
	}
}

// serverAfter says what went wrong on the wire, for a beginner.
func serverAfter(c *checkkit.C, s served, what string) {
	sent, problems := lines("your server", s.wire.written())
	for _, m := range sent {
		if (m.ID == nil || string(m.ID) == "null") && (m.Error == nil || m.Error.Code != parseError) {
			problems = append(problems, "your server wrote an answer with no id: "+
				checkkit.Quote(clip(m.Raw))+". A notification (a message with no id) gets no answer, and every answer quotes the id of its request.")
		}
	}
	for _, p := range problems {
		c.Errorf("%s", p)
	}
	if len(problems) > 0 {
		c.Fatalf("The official SDK client talked to your server; the wire is below.")
	}
	if s.early {
		returned := "ServeMCP returned"
		if s.serveErr != nil {
			returned += " the error " + checkkit.Quote(s.serveErr.Error())
		}
		c.Fatalf("%s after writing %s, while the SDK client was still talking, so the client could not %s. "+
			"A session ends when the input ends, not after one request or one call. The wire is below.",
			returned, checkkit.Plural(len(sent), "answer"), what)
	}
	if s.clientErr != nil && len(sent) == 0 {
		c.Fatalf("The official SDK client could not %s: %v. Your server wrote nothing. An SDK client first asks for "+
			"server/discover, a method your server does not offer: it must answer with the error -32601, and then the "+
			"client sends initialize. The wire is below.", what, s.clientErr)
	}
	if s.clientErr != nil {
		c.Fatalf("The official SDK client could not %s: %v. The wire is below: what did your server write, or leave unanswered?", what, s.clientErr)
	}
	if s.serveErr != nil {
		c.Errorf("ServeMCP returned the error %v when its input ended; the end of the input is the normal end of a session: return nil.", s.serveErr)
	}
}

// sdkClientConnects: the SDK client, as it comes, connects to the student's
// server: it is told the lesson's version, the server's name, and that the
// server offers tools.
func sdkClientConnects(c *checkkit.C) {
	opts := []checkkit.Data[*mcp.ClientSessionOptions]{
		{Name: "the SDK client as it comes", Data: nil},
		{Name: "a client that asks for 2025-06-18", Data: &mcp.ClientSessionOptions{ProtocolVersion: "2025-06-18"}},
	}
	checkkit.Scenarios(c, opts, func(o *mcp.ClientSessionOptions) {
		var got *mcp.InitializeResult
		local := newLocalTools("")
		result := drive(c, local.Tools, o, func(_ context.Context, cs *mcp.ClientSession) error {
			got = cs.InitializeResult()
			return nil
		})
		serverAfter(c, result, "connect to your server")
		c.Must(got != nil, "The SDK client connected but has no answer to initialize.")
		tools := got.Capabilities != nil && got.Capabilities.Tools != nil
		name := ""
		if got.ServerInfo != nil {
			name = got.ServerInfo.Name
		}
		c.Equal("The answer to initialize should give protocol version "+checkkit.Quote(mcpVersion)+", a \"tools\" capability, and the server's name "+checkkit.Quote(serverName)+".",
			[]any{mcpVersion, true, serverName}, []any{got.ProtocolVersion, tools, name})
		c.Equal("No tool should run while connecting.", 0, len(local.runs.Runs()))
	})
}

// serverListsTools: tools/list gives every tool of the server, each with its
// name, description and input schema, as often as it is asked.
func serverListsTools(c *checkkit.C) {
	checkkit.Scenarios(c, prefixes(), func(prefix string) {
		local := newLocalTools(prefix)
		var first, second *mcp.ListToolsResult
		result := drive(c, local.Tools, nil, func(ctx context.Context, cs *mcp.ClientSession) error {
			var err error
			if first, err = cs.ListTools(ctx, nil); err != nil {
				return err
			}
			second, err = cs.ListTools(ctx, nil)
			return err
		})
		serverAfter(c, result, "list your server's tools")
		// The kit's own copy, built after the student's code returned.
		want := []lab.Spec{}
		for _, tool := range newLocalTools(prefix).Tools {
			want = append(want, lab.Spec{Name: tool.Name, Description: tool.Description, Parameters: viaJSON(tool.Parameters)})
		}
		for k, listed := range []*mcp.ListToolsResult{first, second} {
			got := []lab.Spec{}
			for _, t := range listed.Tools {
				schema, _ := t.InputSchema.(map[string]any)
				got = append(got, lab.Spec{Name: t.Name, Description: t.Description, Parameters: schema})
			}
			if !c.Equal(fmt.Sprintf("Answer %d to tools/list should hold every tool, with its name, description and inputSchema.", k+1), want, got) {
				return
			}
		}
		c.Equal("Listing tools should run none.", 0, len(local.runs.Runs()))
	})
}

// serverRunsCalls: tools/call runs the named tool once with the arguments
// given, and answers with one text block and isError as the harness's
// RunTool says: a working call, a failing tool, bad arguments and an unknown
// tool, one after the other on one connection.
func serverRunsCalls(c *checkkit.C) {
	checkkit.Scenarios(c, prefixes(), func(prefix string) {
		local := newLocalTools(prefix)
		calls := []callRecord{
			{Name: prefix + "add", Args: map[string]any{"a": 2, "b": 40}},
			{Name: prefix + "fail", Args: map[string]any{}},
			{Name: prefix + "add", Args: map[string]any{"a": "two", "b": 3}},
			{Name: prefix + "shred", Args: map[string]any{}},
			{Name: prefix + "add", Args: map[string]any{"a": -1, "b": 1}},
		}
		var mu sync.Mutex
		var got []callRecord
		result := drive(c, local.Tools, nil, func(ctx context.Context, cs *mcp.ClientSession) error {
			return callAll(ctx, cs, calls, &mu, &got)
		})
		serverAfter(c, result, fmt.Sprintf("make %d calls in a row", len(calls)))
		want := []callRecord{
			{Name: calls[0].Name, Args: calls[0].Args, Result: wantResult(prefix+"42", false)},
			{Name: calls[1].Name, Args: calls[1].Args, Result: wantResult("Error: "+prefix+"out of paper", true)},
			{Name: calls[2].Name, Args: calls[2].Args, Result: ""},
			{Name: calls[3].Name, Args: calls[3].Args, Result: wantResult("Error: no tool called "+prefix+"shred", true)},
			{Name: calls[4].Name, Args: calls[4].Args, Result: wantResult(prefix+"0", false)},
		}
		mu.Lock()
		defer mu.Unlock()
		c.Must(len(got) == len(want), "The SDK client got %d answers to %d calls.", len(got), len(want))
		// The bad arguments' wording is lesson 05's: only its shape is checked.
		var bad struct {
			Content []struct{ Text string }
			IsError bool
		}
		_ = json.Unmarshal([]byte(got[2].Result), &bad)
		if !bad.IsError || len(bad.Content) != 1 {
			c.Errorf("The call %s with a: \"two\" breaks the tool's schema: its answer should be one text block with isError: true; got %s.", calls[2].Name, got[2].Result)
		}
		want[2].Result = got[2].Result
		c.Equal("Each call should be answered with the tool's text, or the error RunTool gives, in one text block, isError set for a failure.", want, got)
		checkkit.SameToolRuns(c, "Each call with good arguments to a tool that exists should run it once, with those arguments.",
			[]checkkit.ToolRun{
				{Tool: prefix + "add", Args: lab.Args{"a": 2.0, "b": 40.0}},
				{Tool: prefix + "fail", Args: lab.Args{}},
				{Tool: prefix + "add", Args: lab.Args{"a": -1.0, "b": 1.0}},
			}, local.runs)
	})
}
