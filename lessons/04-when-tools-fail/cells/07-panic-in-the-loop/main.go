// A tool with a bug: it panics when asked for a line the file does not have.
// Once lab 2 passes, this runs against your code.
package main

import (
	"fmt"
	"log"
	"strings"

	"harnesslab/lab"
	harness "harnesslab/lessons/04-when-tools-fail"
)

// lineTool returns line n of a file, counting from 0, and trusts n.
func lineTool(ws *lab.Workspace) lab.Tool {
	return lab.Tool{
		Name:        "line",
		Description: "Return line n of a file, counting from 0.",
		Parameters: lab.Schema{"type": "object", "required": []string{"path", "n"}, "properties": lab.Schema{
			"path": lab.Schema{"type": "string"}, "n": lab.Schema{"type": "integer"}}},
		Execute: func(args lab.Args) (string, error) {
			path, _ := args["path"].(string)
			n, _ := args["n"].(float64) // JSON numbers arrive as float64
			text, err := ws.ReadText(path)
			if err != nil {
				return "", err
			}
			return strings.Split(text, "\n")[int(n)], nil // the bug: no check that line n exists
		},
	}
}

func main() {
	ws := lab.NewWorkspace(map[string]string{"config.py": "PORT = 9090\n"})
	model := lab.NewScriptedModel(
		lab.Reply(lab.Text("Let me look."),
			lab.Call("read", lab.Args{"path": "config.py"}),
			lab.Call("line", lab.Args{"path": "config.py", "n": 7.0})),
		lab.Respond(func(r lab.Request) lab.Message {
			text, _ := r.ResultFor("c1")
			if res, ok := r.ResultFor("c2"); ok && res.IsError {
				return lab.Say("There is no line 7. config.py says " + strings.TrimSpace(text.Content) + ".")
			}
			return lab.Say("Line 7 is empty.")
		}),
	)
	rec := lab.NewRecorder("Chat with a tool that panics")
	rec.Watch(ws)
	tools := rec.Tools(harness.MakeReadTool(ws), lineTool(ws))
	messages, result := harness.Chat(rec.Model(model), nil, "What is on line 7 of config.py?", tools)
	fmt.Println(lab.Show(messages))
	fmt.Printf("\n%s after %d steps\n", result.Status, result.Steps)
	if err := lab.WriteTranscript(rec); err != nil {
		log.Fatal(err)
	}
}
