package checks

import (
	"errors"
	"fmt"
	"strings"

	"harnesslab/grader/checkkit"
	"harnesslab/lab"
)

// Lab 1: a failure is a result.

func unknownToolGetsErrorResult(c *checkkit.C) {
	ws := newWorkspace()
	read := []lab.Tool{S.MakeReadTool(ws)}
	cases := []struct {
		tools []lab.Tool
		call  lab.Block
	}{
		{read, lab.Call("raed", lab.Args{"path": "config.py"}).WithID("c1")},
		{nil, lab.Call("write", lab.Args{"path": "notes.md", "text": "hi"}).WithID("c2")},
	}
	for _, tc := range cases {
		got := S.RunTool(tc.tools, tc.call)
		c.Equal(fmt.Sprintf("The call %s, with %s, should get one error result saying there is no such tool.",
			describe(tc.call), toolNames(tc.tools)),
			failed(tc.call, "no tool called "+tc.call.Name), got)
	}
	if reads := ws.Reads(); len(reads) > 0 {
		c.Errorf("No tool should run for a call to a tool that does not exist, but the workspace was read: %q.", reads)
	}
}

func missingInputNamedFirst(c *checkkit.C) {
	edit := &counter{out: "edited"}
	note := &counter{out: "noted"}
	tools := []lab.Tool{
		{Name: "edit", Description: "Replace old text with new text in a file.",
			Parameters: object([]string{"path", "old", "new"}, "path", "old", "new", "count"), Execute: edit.execute},
		{Name: "note", Description: "Write a note.",
			Parameters: object([]any{"title", "text"}, "title", "text", "tags"), Execute: note.execute},
	}
	cases := []struct {
		args  lab.Args
		name  string
		first string
	}{
		{lab.Args{}, "edit", "path"},
		{lab.Args{"path": "main.go"}, "edit", "old"},
		{lab.Args{"old": "PORT", "new": "HOST"}, "edit", "path"},
		{lab.Args{"new": "HOST", "count": "1"}, "edit", "path"},
		{lab.Args{"path": "main.go", "old": "PORT"}, "edit", "new"},
		{lab.Args{}, "note", "title"},
		{lab.Args{"text": "call Ada"}, "note", "title"},
	}
	for i, tc := range cases {
		call := lab.Call(tc.name, tc.args).WithID(fmt.Sprintf("c%d", i+1))
		tool := tools[0]
		if tc.name == "note" {
			tool = tools[1]
		}
		required := lab.Required(tool.Parameters)
		var missing []string
		for _, input := range required {
			if _, ok := tc.args[input]; !ok {
				missing = append(missing, input)
			}
		}
		what := fmt.Sprintf("The call %s leaves out %s. The schema's required list is [%s], so the result should name %s, "+
			"the first input missing in that order.", describe(call), list(missing),
			strings.Join(required, ", "), tc.first)
		if tc.name == "note" {
			what += " (This schema's required list is a []any, as JSON decoding gives it; lab.Required reads both kinds.)"
		}
		// Maps have no order in Go: ask several times, so that an answer that
		// depends on map order shows itself.
		for range 25 {
			got := S.RunTool(tools, call)
			if !c.Equal(what, failed(call, "missing input "+tc.first), got) {
				break
			}
		}
	}
	if edit.runs+note.runs > 0 {
		c.Errorf("A call with a required input missing must not run the tool, but the tools ran %d time(s).", edit.runs+note.runs)
	}
}

func toolErrorGetsErrorResult(c *checkkit.C) {
	ws := newWorkspace()
	vet := lab.Tool{Name: "vet", Description: "Run go vet.", Parameters: object([]string{}),
		Execute: func(lab.Args) (string, error) {
			return "", errors.New("go vet: exit status 1: main.go:3: unreachable code")
		}}
	tools := []lab.Tool{S.MakeReadTool(ws), vet}
	cases := []struct {
		call lab.Block
		why  string
		says string
	}{
		{lab.Call("read", lab.Args{"path": "notes.md"}).WithID("c1"), "read notes.md: file does not exist",
			"notes.md is not in the workspace, so the read tool returns the error"},
		{lab.Call("vet", lab.Args{}).WithID("c2"), "go vet: exit status 1: main.go:3: unreachable code",
			"the vet tool returns the error"},
	}
	for _, tc := range cases {
		got := S.RunTool(tools, tc.call)
		c.Equal(fmt.Sprintf("For the call %s, %s %q. The result should be \"Error: \" followed by that text, with IsError set.",
			describe(tc.call), tc.says, tc.why), failed(tc.call, tc.why), got)
	}
}

func workingCallUnchanged(c *checkkit.C) {
	ws := newWorkspace()
	grep := lab.Tool{Name: "grep", Description: "Search files for a pattern.",
		Parameters: object([]string{"pattern"}, "pattern", "path"),
		Execute:    func(lab.Args) (string, error) { return "config.py:1:PORT = 9090\n", nil }}
	touch := lab.Tool{Name: "touch", Description: "Create an empty file.", Parameters: object([]string{"path"}, "path"),
		Execute: func(lab.Args) (string, error) { return "", nil }}
	logs := lab.Tool{Name: "logs", Description: "Show the last line of the server log.", Parameters: object(nil),
		Execute: func(lab.Args) (string, error) { return "Error: disk almost full (logged at 09:14)\n", nil }}
	tools := []lab.Tool{S.MakeReadTool(ws), grep, touch, logs}
	cases := []struct {
		call lab.Block
		out  string
		note string
	}{
		{lab.Call("read", lab.Args{"path": "config.py"}).WithID("c1"), "PORT = 9090\n", ""},
		{lab.Call("grep", lab.Args{"pattern": "PORT"}).WithID("c2"), "config.py:1:PORT = 9090\n",
			" (path is one of grep's inputs, but not a required one, so leaving it out is fine.)"},
		{lab.Call("touch", lab.Args{"path": "notes.md"}).WithID("c3"), "",
			" (An empty text with no error is a success.)"},
		{lab.Call("logs", lab.Args{}).WithID("c4"), "Error: disk almost full (logged at 09:14)\n",
			" (The tool worked; the text it returned happens to mention an error. IsError says whether the call failed.)"},
	}
	for _, tc := range cases {
		got := S.RunTool(tools, tc.call)
		c.Equal(fmt.Sprintf("The call %s works: its result should be exactly what the tool returned, %q, with IsError false.%s",
			describe(tc.call), tc.out, tc.note), worked(tc.call, tc.out), got)
	}
}

func errorResultsQuoteCall(c *checkkit.C) {
	tools := []lab.Tool{S.MakeReadTool(newWorkspace())}
	calls := []struct {
		call lab.Block
		why  string
	}{
		{lab.Call("raed", lab.Args{"path": "config.py"}).WithID("toolu_01A"), "there is no tool called raed"},
		{lab.Call("read", lab.Args{}).WithID("call_7"), "it leaves out path"},
		{lab.Call("read", lab.Args{"path": "notes.md"}).WithID("x-3"), "notes.md does not exist"},
	}
	for _, tc := range calls {
		got := S.RunTool(tools, tc.call)
		labels := lab.Message{Role: got.Role, ToolCallID: got.ToolCallID, ToolName: got.ToolName}
		want := lab.Message{Role: lab.RoleToolResult, ToolCallID: tc.call.ID, ToolName: tc.call.Name}
		c.Equal(fmt.Sprintf("The call %s with id %s fails (%s). Its result should still be a toolResult quoting the id %s "+
			"and the tool name the call used, %q.", describe(tc.call), tc.call.ID, tc.why, tc.call.ID, tc.call.Name),
			want, labels)
	}
}

func severalFailuresInOrder(c *checkkit.C) {
	ws := newWorkspace()
	calls := []lab.Block{
		lab.Call("read", lab.Args{"path": "config.py"}),
		lab.Call("raed", lab.Args{"path": "main.go"}),
		lab.Call("read", lab.Args{}),
		lab.Call("read", lab.Args{"path": "notes.md"}),
	}
	report := lab.Respond(func(r lab.Request) lab.Message {
		var worked, failed []string
		for _, id := range []string{"c1", "c2", "c3", "c4"} {
			if res, ok := r.ResultFor(id); ok && !res.IsError {
				worked = append(worked, id)
			} else if ok {
				failed = append(failed, id)
			}
		}
		return lab.Say(fmt.Sprintf("Worked: %s. Failed: %s.", strings.Join(worked, ", "), strings.Join(failed, ", ")))
	})
	model := lab.NewScriptedModel(lab.Reply(append([]lab.Block{lab.Text("Let me look.")}, calls...)...), report)
	messages, result := S.Chat(model, nil, "Look at config.py, main.go and notes.md.",
		[]lab.Tool{S.MakeReadTool(ws)})
	c.Logf("the conversation:\n%s", lab.Show(messages))

	want := []lab.Message{
		worked(calls[0].WithID("c1"), "PORT = 9090\n"),
		failed(calls[1].WithID("c2"), "no tool called raed"),
		failed(calls[2].WithID("c3"), "missing input path"),
		failed(calls[3].WithID("c4"), "read notes.md: file does not exist"),
	}
	c.Equal("One reply asked for four things: read config.py, raed main.go, read with no path, read notes.md. "+
		"Three of them fail. The list should hold exactly four results, one per call, in call order."+resultsNote,
		want, resultsOf(messages))
	acceptable(c, model, messages)
	if !c.Failed() {
		c.Equal("The run should end with the model's answer, which reports what it saw in the four results.",
			Result{Status: S.Answered, Text: "Worked: c1. Failed: c2, c3, c4.", Steps: 2}, result)
	}
}

func modelCorrectsItself(c *checkkit.C) {
	ws := newWorkspace()
	model := lab.NewScriptedModel(
		lab.Reply(lab.Call("raed", lab.Args{"path": "config.py"})),
		lab.Respond(func(r lab.Request) lab.Message {
			// It can only go by what the request shows it.
			if res, ok := r.ResultFor("c1"); ok && res.IsError {
				return lab.Reply(lab.Text("My mistake."), lab.Call("read", lab.Args{"path": "config.py"}))
			}
			return lab.Say("I could not find the port.")
		}),
		lab.Respond(func(r lab.Request) lab.Message {
			res, _ := r.ResultFor("c2")
			return lab.Say("config.py sets " + strings.TrimSpace(res.Content) + ".")
		}),
	)
	messages, result := S.Chat(model, nil, "What port does config.py set?", []lab.Tool{S.MakeReadTool(ws)})
	c.Logf("the conversation:\n%s", lab.Show(messages))

	acceptable(c, model, messages)
	requests := model.Calls()
	if len(requests) < 2 {
		c.Fatalf("After the failed call to raed, the loop should call the model again with the error result, "+
			"so that it can correct itself; the model answered %d request(s), and the run ended with %s.",
			len(requests), showResult(result))
	}
	got, ok := requests[1].ResultFor("c1")
	if !ok {
		c.Fatalf("The model's second request should hold the result for c1, the call to raed; it holds none.")
	}
	c.Equal("On its second step the model should see the result of the call to raed: an error saying there is no such tool.",
		failed(lab.Call("raed", lab.Args{"path": "config.py"}).WithID("c1"), "no tool called raed"), got)
	c.Equal("Having corrected raed to read, the model answers from the file: the run ends with the port in config.py.",
		Result{Status: S.Answered, Text: "config.py sets PORT = 9090.", Steps: 3}, result)
	c.Equal("Only the corrected call reads a file.", []string{"config.py"}, ws.Reads())
}
