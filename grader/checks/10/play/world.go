package play

import (
	"maps"

	"harnesslab/grader/checkkit"
	"harnesslab/lab"
)

// A world is a workspace, the conversations over it (each with its own edit
// memory, its tracked read tool and its edit tool), and what happens there in
// turn: the model's calls in one conversation or another, an undo asked of a
// conversation, a teammate's write.

// Story is one world and what happens in it: the files at the start, how many
// conversations share them (at least one) and the acts, in order.
type Story struct {
	What          string            `json:"what"`
	Files         map[string]string `json:"files"`
	Conversations int               `json:"conversations"`
	Acts          []Act             `json:"acts"`
}

// Act is one thing that happens in a story: a tool call the model makes in
// conversation Conv (Call, run through RunTool with that conversation's
// tools), an undo of path Undo asked of conversation Conv, or a teammate
// writing Text to the file at Write.
type Act struct {
	Conv  int        `json:"conv,omitempty"`
	Call  *lab.Block `json:"call,omitempty"`
	Undo  string     `json:"undo,omitempty"`
	Write string     `json:"write,omitempty"`
	Text  string     `json:"text,omitempty"`
}

// Step is what one act did: the result RunTool returned for a call and the
// call's arguments afterwards, or the words of the error Undo returned (nil
// when it returned nil); then the paths written while it ran, in order, and
// every file afterwards.
type Step struct {
	Result    *lab.Message      `json:",omitempty"`
	Arguments lab.Args          `json:",omitempty"`
	UndoError *string           `json:",omitempty"`
	Wrote     []string          `json:",omitempty"`
	Files     map[string]string `json:",omitempty"`
}

// Told is what a story did, one Step per act.
type Told struct {
	Steps []Step
}

// Tell plays s over a fresh workspace, recorded under title, and records
// what each act did.
func Tell(c *checkkit.C, title string, s Story) Told {
	ws := lab.NewWorkspace(s.Files)
	rec := c.Record(title)
	rec.Watch(ws)
	convs := make([]Edits, max(s.Conversations, 1))
	tools := make([][]lab.Tool, len(convs))
	for i := range convs {
		convs[i] = S.NewEdits(ws)
		tools[i] = rec.Tools(convs[i].Track(checkkit.ReadTool(ws)), convs[i].EditTool())
	}
	var told Told
	for _, a := range s.Acts {
		before := len(ws.Writes())
		var step Step
		switch {
		case a.Write != "":
			ws.WriteText(a.Write, a.Text)
		case a.Call != nil:
			call := *a.Call
			call.Arguments = maps.Clone(a.Call.Arguments)
			result := S.RunTool(tools[a.Conv], call)
			step.Result, step.Arguments = &result, call.Arguments
		default:
			if err := convs[a.Conv].Undo(a.Undo); err != nil {
				words := err.Error()
				step.UndoError = &words
			}
		}
		step.Wrote = ws.Writes()[before:]
		step.Files = Files(ws)
		told.Steps = append(told.Steps, step)
	}
	return told
}

// Files is every file of ws, by path, read without logging a read.
func Files(ws *lab.Workspace) map[string]string {
	files := map[string]string{}
	for _, path := range ws.Paths() {
		files[path], _ = ws.Peek(path)
	}
	return files
}

// Reads is a workspace and the paths the model reads with a tracked read
// tool, one call each.
type Reads struct {
	Files map[string]string `json:"files"`
	Paths []string          `json:"paths"`
}

// Read is what one tracked read did: the result RunTool returned, and the
// paths the workspace was asked for while it ran.
type Read struct {
	Result lab.Message
	Reads  []string
}

// ChatStory is a chat over a workspace with a tracked read tool and an edit
// tool: the question, the model's replies in order, and a teammate who
// writes Theirs to Path just before request At.
type ChatStory struct {
	What     string            `json:"what,omitempty"`
	Files    map[string]string `json:"files"`
	Question string            `json:"question"`
	Replies  []lab.Message     `json:"replies"`
	At       int               `json:"at"`
	Path     string            `json:"path"`
	Theirs   string            `json:"theirs"`
}

// Chatted is what a chat did: the list Chat returned and its Result, the
// tools that ran, the files afterwards, how many times the model was asked
// and the requests it refused.
type Chatted struct {
	Messages []lab.Message
	Result   Result
	Runs     []checkkit.ToolRun
	Files    map[string]string
	Asked    int
	Refusals []string
}

// RunChat hands s to Chat on a fresh world, recorded under title, and records
// what happened.
func RunChat(c *checkkit.C, title string, s ChatStory) Chatted {
	ws := lab.NewWorkspace(s.Files)
	steps := make([]lab.Step, len(s.Replies))
	for i, r := range s.Replies {
		steps[i] = r
	}
	scripted := lab.NewScriptedModel(steps...)
	rec := c.Record(title)
	rec.Watch(ws)
	model := &lab.Teammate{Model: rec.Model(scripted), WS: ws, At: s.At, Path: s.Path, Text: s.Theirs}
	runs := &checkkit.ToolRuns{}
	e := S.NewEdits(ws)
	tools := runs.Wrap(e.Track(checkkit.ReadTool(ws)), e.EditTool())
	messages, result := S.Chat(model, nil, s.Question, rec.Tools(tools...))
	return Chatted{Messages: messages, Result: result, Runs: runs.Runs(), Files: Files(ws), Asked: scripted.Asked(), Refusals: scripted.Refusals()}
}
