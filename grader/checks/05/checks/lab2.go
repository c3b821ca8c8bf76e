package checks

import (
	"fmt"
	"strings"

	"harnesslab/grader/checkkit"
	"harnesslab/grader/checks/05/play"
	"harnesslab/lab"
)

// Lab 2: the contract in the loop. Invalid calls never run, the model gets
// the validator's words, and paths stay inside the workspace.

// searched is what the world's search tool answers for query.
func searched(query string) string {
	return fmt.Sprintf("%d reports match %s", len(query), query)
}

// describe writes a call the way a student reads it.
func describe(call lab.Block) string {
	if call.Arguments == nil {
		return call.Name + "({}) (its Arguments map is nil)"
	}
	return call.Name + "(" + lab.EncodeJSON(call.Arguments) + ")" + goTypes(map[string]any(call.Arguments))
}

// callOf is a call of tool with args, under id, as the player is handed it.
func callOf(id, tool string, args lab.Args) play.Call {
	return play.Call{ID: id, Name: tool, Args: play.Of(args)}
}

// sameRuns fails c unless the tools ran as the reference's did.
func sameRuns(c *checkkit.C, sentence string, want, got []checkkit.ToolRun) bool {
	same := len(want) == len(got)
	for i := 0; same && i < len(want); i++ {
		same = want[i].Tool == got[i].Tool && len(checkkit.Differences(want[i].Args, got[i].Args, checkkit.AsSent...)) == 0
	}
	if same {
		return true
	}
	c.Errorf("%s\n  expected: %s\n  got:      %s", sentence, countRuns(want), countRuns(got))
	return false
}

// countRuns writes runs and how many there are.
func countRuns(runs []checkkit.ToolRun) string {
	if len(runs) == 0 {
		return checkkit.ShowRuns(runs)
	}
	return checkkit.ShowRuns(runs) + " (" + checkkit.Plural(len(runs), "run") + ")"
}

// argsKept fails c when RunTool changed the arguments of a call.
func argsKept(c *checkkit.C, call lab.Block, got, want play.CallRun) {
	if want.Changed {
		c.KitFatalf("the reference's RunTool changed the arguments of %s", describe(call))
	}
	if got.Changed {
		c.Errorf("RunTool changed the arguments of the call %s it was given; they are the model's words and stay in "+
			"its reply as it wrote them. Now they read %s.", describe(call), got.ArgsAfter)
	}
}

// tcall is one call handed to RunTool, and the error the lesson says it gets
// after "Error: " ("" for a call that runs).
type tcall struct {
	call play.Call
	want string
}

// tset is the calls of one data set, to a search tool called tool.
type tset struct {
	tool, query string
	cases       []tcall
}

func invalidCallCases() []checkkit.Data[tset] {
	call := func(tool string, args lab.Args) play.Call { return callOf("c1", tool, args) }
	return []checkkit.Data[tset]{
		{Name: "search_reports", Data: tset{"search_reports", "flood", []tcall{
			{call("search_reports", lab.Args{"query": "flood", "limit": "20"}), `/limit: expected integer, got string "20"`},
			{call("search_reports", lab.Args{"query": "flood", "limit": 20, "sort": "new"}), `/sort: unknown property`},
			{call("search_reports", lab.Args{"limit": 5.0}), `/query: required but missing`},
			{call("search_reports", lab.Args{"query": "flood", "limit": 0}), `/limit: expected at least 1, got 0`},
			{call("search_reports", lab.Args{"query": "flood", "limit": 20.0}), ""},
		}}},
		{Name: "search_assessments", Data: tset{"search_assessments", "cholera", []tcall{
			{call("search_assessments", lab.Args{"query": "cholera", "limit": "5"}), `/limit: expected integer, got string "5"`},
			{call("search_assessments", lab.Args{"query": "cholera", "district": "Kessan"}), `/district: unknown property`},
			{call("search_assessments", lab.Args(nil)), `/query: required but missing`},
			{call("search_assessments", lab.Args{"query": "cholera", "limit": 51}), `/limit: expected at most 50, got 51`},
			{call("search_assessments", lab.Args{"query": "cholera", "limit": 50}), ""},
		}}},
	}
}

func invalidCallScenario() any {
	var out []checkkit.Data[[]play.Calls]
	for _, set := range invalidCallCases() {
		var worlds []play.Calls
		for _, tc := range set.Data.cases {
			worlds = append(worlds, play.Calls{What: describe(tc.call.Block()), Tools: []string{set.Data.tool, "today"}, Calls: []play.Call{tc.call}})
		}
		out = append(out, checkkit.Data[[]play.Calls]{Name: set.Name, Data: worlds})
	}
	return out
}

func judgeInvalidCalls(c *checkkit.C, yours, ref checkkit.Observed) {
	checkkit.EachScenario(c, invalidCallCases(), func(k int, d tset) {
		for i, tc := range d.cases {
			call := tc.call.Block()
			gotRun, wantRun := both[play.CallsRun](c, yours, ref, k, i)
			if len(gotRun.Calls) != 1 || len(wantRun.Calls) != 1 {
				c.KitFatalf("the record of %s holds %d calls", describe(call), len(gotRun.Calls))
			}
			got, want := gotRun.Calls[0], wantRun.Calls[0]
			argsKept(c, call, got, want)
			if tc.want != "" {
				if kit := checkkit.ErrorResult(call.ID, call.Name, "Error: "+tc.want); len(checkkit.Differences(kit, want.Result)) > 0 {
					c.KitFatalf("the reference answered %s with %q, where the lesson says %q", describe(call), want.Result.Content, kit.Content)
				}
				c.Equal(fmt.Sprintf("The call %s breaks the tool's schema: it should get one error result carrying "+
					"Validate's words after Error: .", describe(call)), want.Result, got.Result)
				sameRuns(c, fmt.Sprintf("The tool should not run for the call %s: its arguments break the schema.", describe(call)),
					want.Runs, got.Runs)
			} else {
				c.Equal(fmt.Sprintf("The call %s keeps to the tool's schema: it should get what the tool returned.",
					describe(call)), want.Result, got.Result)
				sameRuns(c, fmt.Sprintf("The tool should run once for the call %s, with exactly its arguments.", describe(call)),
					want.Runs, got.Runs)
			}
			if c.Failed() {
				return // one wrong call at a time
			}
		}
	})
}

// fixCases are the conversations of model_fixes_its_call.
func fixCases() []checkkit.Data[play.Fix] {
	return []checkkit.Data[play.Fix]{
		{Name: "a limit in quotes", Data: play.Fix{Tool: "search_reports", Query: "flood", Bad: play.Of("20"), Good: play.Of(20.0)}},
		{Name: "another tool, another limit", Data: play.Fix{Tool: "search_assessments", Query: "cholera", Bad: play.Of("7"), Good: play.Of(7)}},
	}
}

func fixScenario() any {
	var out []checkkit.Data[[]play.Fix]
	for _, set := range fixCases() {
		out = append(out, checkkit.Data[[]play.Fix]{Name: set.Name, Data: []play.Fix{set.Data}})
	}
	return out
}

func judgeFixes(c *checkkit.C, yours, ref checkkit.Observed) {
	checkkit.EachScenario(c, fixCases(), func(k int, f play.Fix) {
		got, want := both[play.Chatted](c, yours, ref, k, 0)
		answer := "Found: " + searched(f.Query)
		if kit := (play.Result{Status: answered, Text: answer, Steps: 3}); want.Result != kit {
			c.KitFatalf("the reference's Chat ended with %+v, where the lesson says %+v", want.Result, kit)
		}
		if !checkkit.SameMessages(c, "The model sends its limit as a string, reads the error, sends a number, and "+
			"answers from the result. The list should be:", want.Messages, got.Messages, 0) {
			checkkit.LogConversation(c, "the list your Chat returned", got.Messages)
		}
		c.Equal("Chat should end with the model's answer, after 3 steps:", want.Result, got.Result)
		sameRuns(c, "The tool should run once, for the corrected call only:", want.Runs, got.Runs)
	})
}

// pcase is a path for InWorkspace, and the words the lesson says it
// answers with ("" for a path inside the workspace).
type pcase struct {
	path, want string
}

func pathsCases() []checkkit.Data[[]pcase] {
	empty := "path is empty: name a file inside the workspace"
	root := func(p string) string {
		return "path " + p + " starts at the root: name a file inside the workspace, such as config.py"
	}
	up := func(p string) string {
		return "path " + p + " has a .. in it: name a file inside the workspace, without .."
	}
	return []checkkit.Data[[]pcase]{
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
	}
}

func pathScenario() any {
	return mapSets(pathsCases(), func(p pcase) string { return p.path })
}

func judgePaths(c *checkkit.C, yours, ref checkkit.Observed) {
	checkkit.EachScenario(c, pathsCases(), func(k int, cases []pcase) {
		for i, tc := range cases {
			got, want := both[play.Answer](c, yours, ref, k, i)
			if !sameAnswer(want, wordsOf(tc.want)) {
				c.KitFatalf("the reference's InWorkspace(%q) answered %s, where the lesson says %s", tc.path, pathVerdict(want), pathVerdict(wordsOf(tc.want)))
			}
			if !sameAnswer(got, want) {
				c.Errorf("InWorkspace(%q):\n  expected: %s\n  got:      %s", tc.path, pathVerdict(want), pathVerdict(got))
			}
		}
	})
}

// pathVerdict writes what InWorkspace answered, in words.
func pathVerdict(a play.Answer) string {
	if a.Nil {
		return "nil (the path is inside the workspace)"
	}
	return fmt.Sprintf("an error saying %q", a.Words)
}

// readCase is a workspace with a file outside it, for the read tool.
type readCase struct {
	files           map[string]string
	outside, inside string
}

func readCases() []checkkit.Data[readCase] {
	return []checkkit.Data[readCase]{
		{Name: "a workspace with a secret next to it", Data: readCase{
			map[string]string{"config.py": "PORT = 9090\n", "../deploy/prod.env": "TOKEN=s3cr3t\n"}, "../deploy/prod.env", "config.py"}},
		{Name: "another workspace", Data: readCase{
			map[string]string{"server.go": "package server\n", "/etc/passwd": "root:x:0:0\n"}, "/etc/passwd", "server.go"}},
	}
}

// readCalls are the three calls of a readCase: outside, not a string, inside.
func readCalls(d readCase) []play.Call {
	return []play.Call{
		callOf("c1", "read", lab.Args{"path": d.outside}),
		callOf("c2", "read", lab.Args{"path": 7}),
		callOf("c3", "read", lab.Args{"path": d.inside}),
	}
}

func readScenario() any {
	var out []checkkit.Data[[]play.Calls]
	for _, set := range readCases() {
		w := play.Calls{What: "The read tool, asked for " + set.Data.outside, Files: set.Data.files, Tools: []string{"read"}, Calls: readCalls(set.Data)}
		out = append(out, checkkit.Data[[]play.Calls]{Name: set.Name, Data: []play.Calls{w}})
	}
	return out
}

func judgeReads(c *checkkit.C, yours, ref checkkit.Observed) {
	checkkit.EachScenario(c, readCases(), func(k int, d readCase) {
		gotRun, wantRun := both[play.CallsRun](c, yours, ref, k, 0)
		reason := "has a .. in it: name a file inside the workspace, without .."
		if strings.HasPrefix(d.outside, "/") {
			reason = "starts at the root: name a file inside the workspace, such as config.py"
		}
		kit := []lab.Message{
			checkkit.ErrorResult("c1", "read", "Error: path "+d.outside+" "+reason),
			checkkit.ErrorResult("c2", "read", "Error: /path: expected string, got integer 7"),
			checkkit.Result("c3", "read", d.files[d.inside]),
		}
		var got, want []lab.Message
		calls := readCalls(d)
		for i := range calls {
			if i < len(wantRun.Calls) {
				want = append(want, wantRun.Calls[i].Result)
			}
			if i < len(gotRun.Calls) {
				got = append(got, gotRun.Calls[i].Result)
				argsKept(c, calls[i].Block(), gotRun.Calls[i], wantRun.Calls[i])
			}
		}
		if len(checkkit.Differences(kit, want)) > 0 || strings.Join(wantRun.Reads, ",") != d.inside {
			c.KitFatalf("the reference's read tool answered %s after reading %v", lab.EncodeJSON(want), wantRun.Reads)
		}
		checkkit.SameMessages(c, fmt.Sprintf("The read tool from MakeReadTool should refuse %s, a path outside the "+
			"workspace, and a path that is not a string, and read %s. The results should be:", d.outside, d.inside), want, got, 0)
		if checkkit.Commas(wantRun.Reads) != checkkit.Commas(gotRun.Reads) || len(wantRun.Reads) != len(gotRun.Reads) {
			c.Errorf("Only the file inside the workspace should be read; a refused path is never looked up:\n  expected reads: %s\n  got reads:      %s",
				checkkit.Commas(wantRun.Reads), checkkit.Commas(gotRun.Reads))
		}
	})
}

// among is one reply with a bad search between two reads.
type among struct {
	files       map[string]string
	first, last string // the files the good calls read
	query       string
	bad         any // the limit of the bad search
}

func amongCases() []checkkit.Data[among] {
	return []checkkit.Data[among]{
		{Name: "a limit in quotes between two reads", Data: among{
			map[string]string{"config.py": "PORT = 9090\n", "main.go": "import config\n"}, "config.py", "main.go", "flooding", "20"}},
		{Name: "a limit too large between two other reads", Data: among{
			map[string]string{"server.go": "package server\n", "README.md": "# api\n"}, "README.md", "server.go", "cholera", 500}},
	}
}

// amongCalls are the calls of the one reply: a read, the bad search, a read.
func amongCalls(d among) []play.Call {
	return []play.Call{
		callOf("c1", "read", lab.Args{"path": d.first}),
		callOf("c2", "search_reports", lab.Args{"query": d.query, "limit": d.bad}),
		callOf("c3", "read", lab.Args{"path": d.last}),
	}
}

func amongScenario() any {
	var out []checkkit.Data[[]play.Chat]
	for _, set := range amongCases() {
		d := set.Data
		ch := play.Chat{What: "A bad search between two reads", Files: d.files, Tools: []string{"kit_read", "search_reports"},
			Question: "What do " + d.first + " and " + d.last + " say?",
			Replies:  []play.Reply{{Text: "Let me look.", Calls: amongCalls(d)}, {Text: "Done."}}}
		out = append(out, checkkit.Data[[]play.Chat]{Name: set.Name, Data: []play.Chat{ch}})
	}
	return out
}

func judgeAmong(c *checkkit.C, yours, ref checkkit.Observed) {
	checkkit.EachScenario(c, amongCases(), func(k int, d among) {
		got, want := both[play.Chatted](c, yours, ref, k, 0)
		limit := fmt.Sprintf("/limit: expected integer, got string %q", d.bad)
		if n, ok := d.bad.(int); ok {
			limit = fmt.Sprintf("/limit: expected at most 50, got %d", n)
		}
		if len(want.Messages) != 6 || want.Messages[3].Content != "Error: "+limit {
			c.KitFatalf("the reference's Chat returned %s", lab.EncodeJSON(want.Messages))
		}
		if !checkkit.SameMessages(c, "One reply asks for a read, a search whose arguments break its schema, and another "+
			"read. Each call should get its own result, in call order, and the run should go on. The list should be:",
			want.Messages, got.Messages, 0) {
			checkkit.LogConversation(c, "the list your Chat returned", got.Messages)
		}
		sameRuns(c, "Only the two reads should run; the search never does:", want.Runs, got.Runs)
	})
}
