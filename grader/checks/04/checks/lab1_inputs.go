package checks

import (
	"fmt"
	"strings"

	"harnesslab/grader/checkkit"
	"harnesslab/lab"
)

// Lab 1: a failure is a result. The checks of one call: unknown tools and
// inputs, missing or given.

func unknownToolGetsErrorResult(c *checkkit.C) {
	type unknown struct {
		call  lab.Block
		tools bool // whether the read and today tools are on offer (else none)
		note  string
	}
	type data struct {
		d     disk
		cases []unknown
	}
	exact := " (Tool names are matched exactly, as the model wrote them: %s is not %s.)"
	checkkit.Scenarios(c, []checkkit.Data[data]{
		{Name: disks[0].Name, Data: data{disks[0].Data, []unknown{
			{lab.Call("raed", lab.Args{"path": "config.py"}).WithID("c1"), true, ""},
			{lab.Call("Read", lab.Args{"path": "config.py"}).WithID("c2"), true, fmt.Sprintf(exact, "Read", "read")},
			{lab.Call("write", lab.Args{"path": "notes.md", "text": "hi"}).WithID("c3"), false, ""},
		}}},
		{Name: disks[1].Name, Data: data{disks[1].Data, []unknown{
			{lab.Call("reed", lab.Args{"path": "server.go"}).WithID("c1"), true, ""},
			{lab.Call("TODAY", lab.Args{}).WithID("c2"), true, fmt.Sprintf(exact, "TODAY", "today")},
			{lab.Call("grep", lab.Args{"pattern": "PORT"}).WithID("c3"), false, ""},
		}}},
	}, func(data data) {
		for _, tc := range data.cases {
			ws := data.d.workspace()
			var runs checkkit.ToolRuns
			var tools []lab.Tool
			offer := "no tools at all"
			if tc.tools {
				rec := c.Record("RunTool with a call to " + tc.call.Name)
				rec.Watch(ws)
				tools = runs.Wrap(rec.Tools(checkkit.ReadTool(ws), checkkit.TodayTool(data.d.date))...)
				offer = "the tools read and today"
			}
			got := runTool(c, tools, tc.call)
			c.Equal(fmt.Sprintf("The call %s, with %s on offer, should get one error result saying there is no tool "+
				"by that name.%s", describe(tc.call), offer, tc.note), failed(tc.call, "no tool called "+tc.call.Name), got)
			sameRuns(c, fmt.Sprintf("No tool should run for the call %s: no tool has that name.", describe(tc.call)), nil, &runs)
			if c.Failed() {
				return // one wrong call at a time
			}
		}
	})
}

// missingCase is a call with required inputs left out, and the input its
// result must name.
type missingCase struct {
	call  lab.Block
	first string
}

func missingInputNamedFirst(c *checkkit.C) {
	type data struct {
		tools []lab.Tool
		cases []missingCase
	}
	call := func(name string, args lab.Args, first string) missingCase {
		return missingCase{lab.Call(name, args), first}
	}
	checkkit.Scenarios(c, []checkkit.Data[data]{
		{Name: "the tools edit and note", Data: data{
			tools: []lab.Tool{
				fixed("edit", object([]string{"path", "old", "new"}, "path", "old", "new", "count"), "edited", nil),
				fixed("note", object([]any{"title", "text"}, "title", "text", "tags"), "noted", nil),
			},
			cases: []missingCase{
				call("edit", lab.Args{}, "path"),
				call("edit", lab.Args{"path": "main.go"}, "old"),
				call("edit", lab.Args{"old": "PORT", "new": "HOST"}, "path"),
				call("edit", lab.Args{"new": "HOST", "count": "1"}, "path"),
				call("edit", lab.Args{"path": "main.go", "old": "PORT"}, "new"),
				call("edit", lab.Args{"path": "main.go", "old": "PORT", "count": "2"}, "new"),
				call("note", lab.Args{"text": "call Ada"}, "title"),
				call("edit", nil, "path"),
			}}},
		{Name: "the tools move and tag, other inputs", Data: data{
			tools: []lab.Tool{
				fixed("move", object([]string{"from", "to"}, "from", "to", "force"), "moved", nil),
				fixed("tag", object([]any{"file", "label"}, "file", "label", "colour"), "tagged", nil),
			},
			cases: []missingCase{
				call("move", lab.Args{"to": "old/"}, "from"),
				call("move", lab.Args{"from": "a.go", "force": "yes"}, "to"),
				call("tag", lab.Args{"colour": "red"}, "file"),
				call("tag", lab.Args{"file": "a.go", "colour": "red"}, "label"),
				call("move", nil, "from"),
			}}},
	}, func(d data) {
		for i, tc := range d.cases {
			tc.call = tc.call.WithID(fmt.Sprintf("c%d", i+1))
			tool := d.tools[0]
			if tc.call.Name == d.tools[1].Name {
				tool = d.tools[1]
			}
			if !missingNamed(c, tool, tc) {
				return
			}
		}
	})
}

// asks is how often the same call is asked of RunTool: a result that
// depends on the order of a Go map shows itself within a few asks.
const asks = 20

// missingNamed asks RunTool for tc.call several times and records a failure
// at the first wrong result, or at a run of the tool.
func missingNamed(c *checkkit.C, tool lab.Tool, tc missingCase) bool {
	required := lab.Required(tool.Parameters)
	var missing []string
	for _, input := range required {
		if _, ok := tc.call.Arguments[input]; !ok {
			missing = append(missing, input)
		}
	}
	what := fmt.Sprintf("The call %s leaves out %s. The schema's required list is [%s], so the result should name %s, "+
		"the first input missing in that order.", describe(tc.call), checkkit.List(missing),
		strings.Join(required, ", "), tc.first)
	if _, isAny := tool.Parameters["required"].([]any); isAny {
		what += " (This schema's required list is a []any, as JSON decoding gives it; lab.Required reads both kinds.)"
	}
	rec := c.Record("RunTool asked about a call that leaves out " + checkkit.List(missing))
	for k := range asks {
		var runs checkkit.ToolRuns
		got := runTool(c, runs.Wrap(rec.Tools(tool)...), tc.call)
		said := what
		if k > 0 {
			said += fmt.Sprintf(" Your RunTool answered this call right %s, and then differently when asked again "+
				"(ask %d of %d): does it range over a map? Go's maps have no order.", checkkit.Times(k), k+1, asks)
		}
		if !c.Equal(said, failed(tc.call, "missing input "+tc.first), got) {
			return false
		}
		if !sameRuns(c, fmt.Sprintf("The call %s leaves out a required input, so the tool must not run.",
			describe(tc.call)), nil, &runs) {
			return false
		}
	}
	return true
}

// givenCase is a call that gives every required input, and what its result
// must be.
type givenCase struct {
	call lab.Block
	want outcome
	note string
}

func givenInputsReachTheTool(c *checkkit.C) {
	type data struct {
		d     disk
		cases []givenCase
	}
	empty := " (An input given as \"\" is given: whether \"\" is a good path is for the tool to say.)"
	optional := " (path is one of grep's inputs but not a required one: the model left it out, so the tool must not get it.)"
	noInputs := " (today has no inputs, and the call wrote no arguments at all.)"
	null := " (The model wrote the input, as JSON null: it is there, and the tool says what it makes of it.)"
	checkkit.Scenarios(c, []checkkit.Data[data]{
		{Name: disks[0].Name, Data: data{disks[0].Data, []givenCase{
			{lab.Call("read", lab.Args{"path": ""}).WithID("c1"), fails("read : file does not exist"), empty},
			{lab.Call("grep", lab.Args{"pattern": "PORT"}).WithID("c2"), gets("config.py:1:PORT = 9090\n"), optional},
			{lab.Call("line", lab.Args{"path": "config.py", "n": 0.0}).WithID("c3"), gets("PORT = 9090"), ""},
			{lab.Call("today", nil).WithID("c4"), gets(disks[0].Data.date), noInputs},
			{lab.Call("read", lab.Args{"path": nil}).WithID("c5"), fails("read : file does not exist"), null},
		}}},
		{Name: disks[1].Name, Data: data{disks[1].Data, []givenCase{
			{lab.Call("line", lab.Args{"path": "server.go", "n": 0.0}).WithID("c1"), gets("package server"), ""},
			{lab.Call("grep", lab.Args{"pattern": "port", "path": ""}).WithID("c2"), gets("config.py:1:PORT = 7070\n"),
				" (path is given, as \"\".)"},
			{lab.Call("read", lab.Args{"path": ""}).WithID("c3"), fails("read : file does not exist"), empty},
			{lab.Call("today", lab.Args{}).WithID("c4"), gets(disks[1].Data.date), ""},
			{lab.Call("line", lab.Args{"path": nil, "n": 0.0}).WithID("c5"), fails("read : file does not exist"), null},
		}}},
	}, func(data data) {
		for _, tc := range data.cases {
			ws := data.d.workspace()
			var runs checkkit.ToolRuns
			grep := fixed("grep", object([]string{"pattern"}, "pattern", "path"),
				fmt.Sprintf("config.py:1:PORT = %s\n", data.d.port), nil)
			rec := c.Record("RunTool with a call that gives every input")
			rec.Watch(ws)
			tools := runs.Wrap(rec.Tools(checkkit.ReadTool(ws), grep, lineTool(ws), checkkit.TodayTool(data.d.date))...)
			got := runTool(c, tools, tc.call)
			c.Equal(fmt.Sprintf("The call %s gives every input its tool requires, so the tool runs and its result "+
				"is the result of the call.%s", describe(tc.call), tc.note), results([]lab.Block{tc.call}, tc.want)[0], got)
			sameRuns(c, fmt.Sprintf("The call %s should run its tool once, given exactly the arguments the model "+
				"wrote: no more and no fewer.", describe(tc.call)), ran(tc.call), &runs)
			if c.Failed() {
				return // one wrong call at a time
			}
		}
	})
}
