// Command 10 plays lesson 10's scenario against a real model: it reads
// config.py to change the port, a teammate changes the file right after
// that first read, and the edit tool refuses the stale edit until the model
// reads again. The notes show what was refused and what the file holds.
package main

import (
	"fmt"
	"strings"

	"harnesslab/grader/runs/runkit"
	"harnesslab/lab"
	harness "harnesslab/lessons/10-edits-that-dont-clobber"
)

// counted is a model that counts the requests it answers.
type counted struct {
	model lab.Model
	n     *int
}

// Complete counts the request and asks the wrapped model.
func (c counted) Complete(system string, messages []lab.Message, tools []lab.Spec) lab.Message {
	*c.n++
	return c.model.Complete(system, messages, tools)
}

// teammateText is config.py after the teammate's change: HOST moves.
const teammateText = "HOST = \"0.0.0.0\"\nPORT = 8080\n"

func main() {
	var ws *lab.Workspace
	var messages []lab.Message
	runkit.Main(runkit.Scenario{
		Lesson: "10",
		Files:  map[string]string{"config.py": "HOST = \"localhost\"\nPORT = 8080\n"},
		Run: func(model lab.Model, w *lab.Workspace, tools func(...lab.Tool) []lab.Tool) []lab.Message {
			ws = w
			// The teammate writes just before the request that follows the
			// first read of config.py, whenever the model makes it.
			asked := 0
			mate := &lab.Teammate{Model: model, WS: ws, Path: "config.py", Text: teammateText}
			read := harness.MakeReadTool(ws)
			inner := read.Execute
			read.Execute = func(args lab.Args) (string, error) {
				if args["path"] == "config.py" && mate.At == 0 {
					mate.At = asked + 1
				}
				return inner(args)
			}
			edits := harness.NewEdits(ws)
			messages, _ = harness.Chat(counted{mate, &asked}, nil, "Set the port in config.py to 9090.", tools(edits.Track(read), edits.EditTool()))
			return messages
		},
		Notes: func() string { return notes(ws, messages) },
	})
}

// notes lists every refused edit, then the file as it ends.
func notes(ws *lab.Workspace, messages []lab.Message) string {
	var b strings.Builder
	edit := map[string]bool{} // the ids of the edit calls
	for _, m := range messages {
		for _, b := range m.Blocks {
			if b.Type == lab.ToolCallBlock {
				edit[b.ID] = edit[b.ID] || b.Name == "edit"
			}
		}
		if m.Role == lab.RoleToolResult && edit[m.ToolCallID] && m.IsError {
			fmt.Fprintf(&b, "edit refused: %s\n", m.Content)
		}
	}
	text, _ := ws.Peek("config.py")
	fmt.Fprintf(&b, "config.py now holds:\n%s", text)
	return b.String()
}
