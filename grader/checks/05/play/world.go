package play

import (
	"fmt"
	"strings"

	"harnesslab/grader/checkkit"
	"harnesslab/lab"
)

// The world a lab 2 scenario hands the student's code: a workspace, and
// tools by name. "read" is the student's own read tool (MakeReadTool over
// the workspace), "today" says the date, and a name that starts with
// "search_" is a search tool with the lesson's schema (a required query, a
// limit from 1 to 50, nothing else) that answers with what it was asked.

// Call is a tool call whose arguments keep their Go types.
type Call struct {
	ID   string `json:"id"`
	Name string `json:"name"`
	Args Value  `json:"args"`
}

// Block is the call as the model's reply holds it.
func (c Call) Block() lab.Block {
	return lab.Call(c.Name, c.Args.Args()).WithID(c.ID)
}

// Calls is one world and the calls handed to RunTool in it, one at a time,
// and the paths handed to InWorkspace.
type Calls struct {
	What  string            `json:"what"`
	Files map[string]string `json:"files"`
	Tools []string          `json:"tools"`
	Calls []Call            `json:"calls"`
	Paths []string          `json:"paths"`
}

// CallRun is what one call of RunTool did: its result, the tools that ran
// during it, and the call's arguments afterwards when RunTool changed them.
type CallRun struct {
	Result    lab.Message        `json:"result"`
	Runs      []checkkit.ToolRun `json:"runs"`
	Changed   bool               `json:"changed"`
	ArgsAfter string             `json:"argsAfter,omitempty"`
}

// CallsRun is what a Calls scenario did: each call, the files read, and
// InWorkspace's answer for each path.
type CallsRun struct {
	Calls []CallRun `json:"calls"`
	Reads []string  `json:"reads"`
	Paths []Answer  `json:"paths"`
}

// SearchTool is the world's search tool called name.
func SearchTool(name string) lab.Tool {
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

// toolsOf builds the world's tools named in names over ws.
func toolsOf(names []string, ws *lab.Workspace) []lab.Tool {
	var tools []lab.Tool
	for _, name := range names {
		switch {
		case name == "read":
			tools = append(tools, S.MakeReadTool(ws))
		case name == "kit_read":
			tools = append(tools, checkkit.ReadTool(ws))
		case name == "today":
			tools = append(tools, checkkit.TodayTool("2026-03-14"))
		case strings.HasPrefix(name, "search_"):
			tools = append(tools, SearchTool(name))
		default:
			panic("play: no tool " + name + " in the world")
		}
	}
	return tools
}

// playCalls hands each call of each scenario to RunTool, one at a time.
func playCalls(c *checkkit.C) {
	eachItem(c, func(key string, sc Calls) {
		ws := lab.NewWorkspace(sc.Files)
		rec := c.Record(key + ": " + sc.What)
		rec.Watch(ws)
		var runs checkkit.ToolRuns
		tools := runs.Wrap(rec.Tools(toolsOf(sc.Tools, ws)...)...)
		out := CallsRun{Calls: []CallRun{}, Paths: []Answer{}}
		for _, call := range sc.Calls {
			before := len(runs.Runs())
			given := call.Block()
			result := S.RunTool(tools, given)
			run := CallRun{Result: result, Runs: runs.Runs()[before:]}
			if len(checkkit.Differences(call.Args.Args(), given.Arguments)) > 0 {
				run.Changed, run.ArgsAfter = true, Show(given.Arguments)
			}
			out.Calls = append(out.Calls, run)
		}
		out.Reads = ws.Reads()
		for _, p := range sc.Paths {
			out.Paths = append(out.Paths, inWorkspace(p))
		}
		c.Observe(key, out)
	})
}

// Reply is one scripted reply: text, then calls.
type Reply struct {
	Text  string `json:"text"`
	Calls []Call `json:"calls"`
}

// Message is the reply as the model sends it.
func (r Reply) Message() lab.Message {
	var blocks []lab.Block
	if r.Text != "" {
		blocks = append(blocks, lab.Text(r.Text))
	}
	for _, call := range r.Calls {
		blocks = append(blocks, call.Block())
	}
	return lab.Reply(blocks...)
}

// Chat is one conversation: the files, the tools, the question and the
// model's replies, in order.
type Chat struct {
	What     string            `json:"what"`
	Files    map[string]string `json:"files"`
	Tools    []string          `json:"tools"`
	Question string            `json:"question"`
	Replies  []Reply           `json:"replies"`
}

// Chatted is what one run of Chat did: the list it returned, its result,
// the tools that ran and the files read.
type Chatted struct {
	Messages []lab.Message      `json:"messages"`
	Result   Result             `json:"result"`
	Runs     []checkkit.ToolRun `json:"runs"`
	Reads    []string           `json:"reads"`
}

// playChats runs Chat on each conversation of the scenario.
func playChats(c *checkkit.C) {
	eachItem(c, func(key string, ch Chat) {
		ws := lab.NewWorkspace(ch.Files)
		rec := c.Record(ch.What)
		rec.Watch(ws)
		var runs checkkit.ToolRuns
		tools := runs.Wrap(rec.Tools(toolsOf(ch.Tools, ws)...)...)
		replies := make([]lab.Step, len(ch.Replies))
		for i, r := range ch.Replies {
			replies[i] = r.Message()
		}
		messages, result := S.Chat(rec.Model(lab.NewScriptedModel(replies...)), nil, ch.Question, tools)
		c.Observe(key, Chatted{Messages: messages, Result: result, Runs: runs.Runs(), Reads: ws.Reads()})
	})
}

// Fix is a conversation with a model that sends a search with a bad limit,
// sends it again with the good one when the error it reads names /limit,
// and answers from what it reads last.
type Fix struct {
	Tool  string `json:"tool"`
	Query string `json:"query"`
	Bad   Value  `json:"bad"`
	Good  Value  `json:"good"`
}

// Calls are the model's two calls: the bad one, then the good one.
func (f Fix) Calls() (first, second lab.Block) {
	first = lab.Call(f.Tool, lab.Args{"query": f.Query, "limit": f.Bad.Value()}).WithID("c1")
	second = lab.Call(f.Tool, lab.Args{"query": f.Query, "limit": f.Good.Value()}).WithID("c2")
	return first, second
}

// Question is what the user asks.
func (f Fix) Question() string { return "How many reports mention " + f.Query + "?" }

// playFixes runs Chat with the model of each Fix.
func playFixes(c *checkkit.C) {
	eachItem(c, func(key string, f Fix) {
		rec := c.Record("The model fixes its call to " + f.Tool)
		var runs checkkit.ToolRuns
		tools := runs.Wrap(rec.Tools(SearchTool(f.Tool))...)
		first, second := f.Calls()
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
		messages, result := S.Chat(rec.Model(model), nil, f.Question(), tools)
		c.Observe(key, Chatted{Messages: messages, Result: result, Runs: runs.Runs(), Reads: []string{}})
	})
}
