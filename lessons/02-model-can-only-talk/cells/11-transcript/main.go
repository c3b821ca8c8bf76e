// Your Chat, a model that asks for two files in one reply, and no checks.
// Once lab 2 passes, this runs against your code.
package main

import (
	"fmt"
	"log"
	"strings"

	"harnesslab/lab"
	harness "harnesslab/lessons/02-model-can-only-talk"
)

func main() {
	ws := lab.NewWorkspace(map[string]string{
		"config.py": "PORT = 9090\n",
		"backup.py": "PORT = 7070\n",
	})

	// it can only report what the results in its request say
	report := lab.Respond(func(r lab.Request) lab.Message {
		var seen []string
		for _, m := range r.Messages {
			if m.Role == lab.RoleToolResult {
				seen = append(seen, m.ToolCallID+": "+strings.TrimSpace(m.Content))
			}
		}
		return lab.Say("Here is what the files say. " + strings.Join(seen, "; ") + ".")
	})

	model := lab.NewScriptedModel(
		lab.Reply(
			lab.Text("Let me look at both."),
			lab.Call("read", lab.Args{"path": "config.py"}),
			lab.Call("read", lab.Args{"path": "backup.py"}),
		),
		report,
	)

	rec := lab.NewRecorder("Chat with a reply that asks for two files")
	rec.Watch(ws)
	messages, answer := harness.Chat(rec.Model(model), nil, "Which ports do config.py and backup.py use?",
		rec.Tools(harness.MakeReadTool(ws)))
	fmt.Println(answer)
	fmt.Println()
	fmt.Println(lab.Show(messages))
	fmt.Println()
	fmt.Printf("ws.Reads(): %q | model calls: %d | bill: %d tokens\n",
		ws.Reads(), len(model.Calls()), model.Bill())

	if err := lab.WriteTranscript(rec); err != nil {
		log.Fatal(err)
	}
}
