package checks

import (
	"fmt"
	"strings"

	"harnesslab/grader/checkkit"
	"harnesslab/lab"
)

// Lab 2: the contract in the loop. Invalid calls never run, the model gets
// the validator's words, and paths stay inside the workspace.

// searchTool returns a search tool with the schema of the lesson: a
// required query, a limit from 1 to 50, and nothing else. It answers with
// what it was asked, so a check can tell exactly what reached it.
func searchTool(name string) lab.Tool {
	return lab.Tool{
		Name:        name,
		Description: "Search this week's field reports by keyword.",
		Parameters: lab.Schema{
			"type": "object",
			"properties": lab.Schema{
				"query": lab.Schema{"type": "string", "description": "Words to find."},
				"limit": lab.Schema{"type": "integer", "minimum": 1, "maximum": 50},
			},
			"required":             []string{"query"},
			"additionalProperties": false,
		},
		Execute: func(args lab.Args) (string, error) {
			return fmt.Sprintf("%d reports match %v", len(fmt.Sprint(args["query"])), args["query"]), nil
		},
	}
}

// searched is what searchTool answers for query.
func searched(query string) string {
	return fmt.Sprintf("%d reports match %s", len(query), query)
}

// describe writes a call the way a student reads it.
func describe(call lab.Block) string {
	if call.Arguments == nil {
		return call.Name + "({}) (its Arguments map is nil)"
	}
	return call.Name + "(" + lab.EncodeJSON(call.Arguments) + ")"
}

// runTool calls the student's RunTool with a copy of call, and records a
// failure if RunTool changed the arguments of the call it was given.
func runTool(c *checkkit.C, tools []lab.Tool, call lab.Block) lab.Message {
	given := call
	given.Arguments = lab.CloneArgs(call.Arguments)
	got := S.RunTool(tools, given)
	if diff := checkkit.Differences(call.Arguments, given.Arguments); len(diff) > 0 {
		c.Errorf("RunTool changed the arguments of the call %s it was given; they are the model's words and stay in "+
			"its reply as it wrote them. Now they read %s.", describe(call), lab.EncodeJSON(given.Arguments))
	}
	return got
}

func invalidCallNeverRuns(c *checkkit.C) {
	type tcase struct {
		call lab.Block
		want string // the error after "Error: ", or "" for a call that runs
	}
	type data struct {
		tool  string
		query string
		cases []tcase
	}
	call := func(tool string, args lab.Args) lab.Block { return lab.Call(tool, args).WithID("c1") }
	checkkit.Scenarios(c, []checkkit.Data[data]{
		{Name: "search_reports", Data: data{"search_reports", "flood", []tcase{
			{call("search_reports", lab.Args{"query": "flood", "limit": "20"}), `/limit: expected integer, got string "20"`},
			{call("search_reports", lab.Args{"query": "flood", "limit": 20, "sort": "new"}), `/sort: unknown property`},
			{call("search_reports", lab.Args{"limit": 5.0}), `/query: required but missing`},
			{call("search_reports", lab.Args{"query": "flood", "limit": 0}), `/limit: expected at least 1, got 0`},
			{call("search_reports", lab.Args{"query": "flood", "limit": 20.0}), ""},
		}}},
		{Name: "search_assessments", Data: data{"search_assessments", "cholera", []tcase{
			{call("search_assessments", lab.Args{"query": "cholera", "limit": "5"}), `/limit: expected integer, got string "5"`},
			{call("search_assessments", lab.Args{"query": "cholera", "district": "Kessan"}), `/district: unknown property`},
			{call("search_assessments", lab.Args(nil)), `/query: required but missing`},
			{call("search_assessments", lab.Args{"query": "cholera", "limit": 51}), `/limit: expected at most 50, got 51`},
			{call("search_assessments", lab.Args{"query": "cholera", "limit": 50}), ""},
		}}},
	}, func(d data) {
		rec := c.Record("RunTool with calls that break the schema, then one that keeps to it")
		for _, tc := range d.cases {
			var runs checkkit.ToolRuns
			tools := runs.Wrap(rec.Tools(searchTool(d.tool), checkkit.TodayTool("2026-03-14"))...)
			got := runTool(c, tools, tc.call)
			if tc.want != "" {
				c.Equal(fmt.Sprintf("The call %s breaks the tool's schema: it should get one error result carrying "+
					"Validate's words after Error: .", describe(tc.call)),
					checkkit.ErrorResult(tc.call.ID, tc.call.Name, "Error: "+tc.want), got)
				checkkit.SameToolRuns(c, fmt.Sprintf("The tool should not run for the call %s: its arguments break the "+
					"schema.", describe(tc.call)), nil, &runs)
			} else {
				c.Equal(fmt.Sprintf("The call %s keeps to the tool's schema: it should get what the tool returned.",
					describe(tc.call)), checkkit.Result(tc.call.ID, tc.call.Name, searched(d.query)), got)
				checkkit.SameToolRuns(c, fmt.Sprintf("The tool should run once for the call %s, with exactly its "+
					"arguments.", describe(tc.call)), checkkit.RunsOf(tc.call), &runs)
			}
			if c.Failed() {
				return // one wrong call at a time
			}
		}
	})
}

func modelFixesItsCall(c *checkkit.C) {
	type data struct {
		tool, query, bad string
		good             any
	}
	checkkit.Scenarios(c, []checkkit.Data[data]{
		{Name: "a limit in quotes", Data: data{"search_reports", "flood", "20", 20.0}},
		{Name: "another tool, another limit", Data: data{"search_assessments", "cholera", "7", 7}},
	}, func(d data) {
		var runs checkkit.ToolRuns
		tools := runs.Wrap(searchTool(d.tool))
		first := lab.Call(d.tool, lab.Args{"query": d.query, "limit": d.bad}).WithID("c1")
		second := lab.Call(d.tool, lab.Args{"query": d.query, "limit": d.good}).WithID("c2")
		model := lab.NewScriptedModel(lab.Always(lab.Respond(func(r lab.Request) lab.Message {
			last := r.Messages[len(r.Messages)-1]
			switch {
			case last.Role == lab.RoleUser:
				return lab.Reply(first)
			case last.IsError && strings.Contains(last.Content, "/limit"):
				return lab.Reply(second)
			case last.IsError:
				return lab.Say("The search failed: " + last.Content)
			}
			return lab.Say("Found: " + last.Content)
		})))
		question := "How many reports mention " + d.query + "?"
		rec := c.Record("Chat: the model fixes its call")
		messages, result := S.Chat(rec.Model(model), nil, question, rec.Tools(tools...))

		wrong := fmt.Sprintf(`Error: /limit: expected integer, got string %q`, d.bad)
		answer := "Found: " + searched(d.query)
		want := []lab.Message{lab.User(question), lab.Reply(first), checkkit.ErrorResult("c1", d.tool, wrong),
			lab.Reply(second), checkkit.Result("c2", d.tool, searched(d.query)), lab.Say(answer)}
		if !checkkit.SameMessages(c, "The model sends its limit as a string, reads the error, sends a number, and "+
			"answers from the result. The list should be:", want, messages, 0) {
			checkkit.LogConversation(c, "the list your Chat returned", messages)
		}
		c.Equal("Chat should end with the model's answer, after 3 steps:",
			Result{Status: answered, Text: answer, Steps: 3}, result)
		checkkit.SameToolRuns(c, "The tool should run once, for the corrected call only:", checkkit.RunsOf(second), &runs)
	})
}

func pathsStayInside(c *checkkit.C) {
	type pcase struct {
		path, want string // want is "" for a path inside the workspace
	}
	empty := "path is empty: name a file inside the workspace"
	root := func(p string) string {
		return "path " + p + " starts at the root: name a file inside the workspace, such as config.py"
	}
	up := func(p string) string {
		return "path " + p + " has a .. in it: name a file inside the workspace, without .."
	}
	checkkit.Scenarios(c, []checkkit.Data[[]pcase]{
		{Name: "paths from the lesson", Data: []pcase{
			{"../deploy/prod.env", up("../deploy/prod.env")},
			{"/etc/passwd", root("/etc/passwd")},
			{"", empty},
			{"notes/../config.py", up("notes/../config.py")},
			{"config.py", ""},
			{"..notes.md", ""},
			{"./config.py", ""},
			{"docs/..hidden/a.md", ""},
		}},
		{Name: "other paths", Data: []pcase{
			{"src/../../secrets.txt", up("src/../../secrets.txt")},
			{"/home/ada/.ssh/id_rsa", root("/home/ada/.ssh/id_rsa")},
			{"a/..", up("a/..")},
			{"..", up("..")},
			{"server.go", ""},
			{"notes..md", ""},
			{"a/b/c.txt", ""},
			{"...", ""},
		}},
	}, func(cases []pcase) {
		for _, tc := range cases {
			got := ""
			if err := S.InWorkspace(tc.path); err != nil {
				got = err.Error()
			}
			if got != tc.want {
				c.Errorf("InWorkspace(%q):\n  expected: %s\n  got:      %s", tc.path, pathVerdict(tc.want), pathVerdict(got))
			}
		}
	})
}

// pathVerdict writes what InWorkspace answered, in words.
func pathVerdict(words string) string {
	if words == "" {
		return "nil (the path is inside the workspace)"
	}
	return fmt.Sprintf("an error saying %q", words)
}

func readRefusesOutside(c *checkkit.C) {
	type data struct {
		files   map[string]string
		outside string
		inside  string
	}
	checkkit.Scenarios(c, []checkkit.Data[data]{
		{Name: "a workspace with a secret next to it", Data: data{
			map[string]string{"config.py": "PORT = 9090\n", "../deploy/prod.env": "TOKEN=s3cr3t\n"}, "../deploy/prod.env", "config.py"}},
		{Name: "another workspace", Data: data{
			map[string]string{"server.go": "package server\n", "/etc/passwd": "root:x:0:0\n"}, "/etc/passwd", "server.go"}},
	}, func(d data) {
		ws := lab.NewWorkspace(d.files)
		rec := c.Record("RunTool with your read tool: paths outside, a number, a path inside")
		rec.Watch(ws)
		tools := rec.Tools(S.MakeReadTool(ws))
		bad := lab.Call("read", lab.Args{"path": d.outside}).WithID("c1")
		typo := lab.Call("read", lab.Args{"path": 7}).WithID("c2")
		good := lab.Call("read", lab.Args{"path": d.inside}).WithID("c3")
		reason := "has a .. in it: name a file inside the workspace, without .."
		if strings.HasPrefix(d.outside, "/") {
			reason = "starts at the root: name a file inside the workspace, such as config.py"
		}
		got := []lab.Message{runTool(c, tools, bad), runTool(c, tools, typo), runTool(c, tools, good)}
		want := []lab.Message{
			checkkit.ErrorResult("c1", "read", "Error: path "+d.outside+" "+reason),
			checkkit.ErrorResult("c2", "read", "Error: /path: expected string, got integer 7"),
			checkkit.Result("c3", "read", d.files[d.inside]),
		}
		checkkit.SameMessages(c, fmt.Sprintf("The read tool from MakeReadTool should refuse %s, a path outside the "+
			"workspace, and a path that is not a string, and read %s. The results should be:", d.outside, d.inside), want, got, 0)
		checkkit.SameReads(c, "Only the file inside the workspace should be read; a refused path is never looked up:",
			[]string{d.inside}, ws)
	})
}

func oneBadCallAmongGood(c *checkkit.C) {
	type data struct {
		files       map[string]string
		first, last string // the files the good calls read
		query       string
		bad         any // the limit of the bad search
	}
	checkkit.Scenarios(c, []checkkit.Data[data]{
		{Name: "a limit in quotes between two reads", Data: data{
			map[string]string{"config.py": "PORT = 9090\n", "main.go": "import config\n"}, "config.py", "main.go", "flooding", "20"}},
		{Name: "a limit too large between two other reads", Data: data{
			map[string]string{"server.go": "package server\n", "README.md": "# api\n"}, "README.md", "server.go", "cholera", 500}},
	}, func(d data) {
		ws := lab.NewWorkspace(d.files)
		var runs checkkit.ToolRuns
		tools := runs.Wrap(checkkit.ReadTool(ws), searchTool("search_reports"))
		calls := []lab.Block{
			lab.Call("read", lab.Args{"path": d.first}).WithID("c1"),
			lab.Call("search_reports", lab.Args{"query": d.query, "limit": d.bad}).WithID("c2"),
			lab.Call("read", lab.Args{"path": d.last}).WithID("c3"),
		}
		model := lab.NewScriptedModel(lab.Reply(append([]lab.Block{lab.Text("Let me look.")}, calls...)...), lab.Say("Done."))
		question := "What do " + d.first + " and " + d.last + " say?"
		rec := c.Record("Chat: three calls in one reply")
		rec.Watch(ws)
		messages, _ := S.Chat(rec.Model(model), nil, question, rec.Tools(tools...))

		limit := fmt.Sprintf("/limit: expected integer, got string %q", d.bad)
		if n, ok := d.bad.(int); ok {
			limit = fmt.Sprintf("/limit: expected at most 50, got %d", n)
		}
		want := []lab.Message{lab.User(question), lab.Reply(append([]lab.Block{lab.Text("Let me look.")}, calls...)...),
			checkkit.Result("c1", "read", d.files[d.first]),
			checkkit.ErrorResult("c2", "search_reports", "Error: "+limit),
			checkkit.Result("c3", "read", d.files[d.last]),
			lab.Say("Done.")}
		if !checkkit.SameMessages(c, "One reply asks for a read, a search whose arguments break its schema, and another "+
			"read. Each call should get its own result, in call order, and the run should go on. The list should be:",
			want, messages, 0) {
			checkkit.LogConversation(c, "the list your Chat returned", messages)
		}
		checkkit.SameToolRuns(c, "Only the two reads should run; the search never does:", checkkit.RunsOf(calls[0], calls[2]), &runs)
	})
}
