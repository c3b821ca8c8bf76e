// Your loop, a model that misspells its tool, and the error result that lets
// it put things right. Once lab 1 passes, this runs against your code.
package main

import (
	"fmt"
	"log"
	"strings"

	"harnesslab/lab"
	harness "harnesslab/lessons/04-when-tools-fail"
)

func main() {
	ws := lab.NewWorkspace(map[string]string{"config.py": "PORT = 9090\n"})
	model := lab.NewScriptedModel(
		lab.Reply(lab.Call("raed", lab.Args{"path": "config.py"})),
		// it can only go by what the request shows it
		lab.Respond(func(r lab.Request) lab.Message {
			if res, ok := r.ResultFor("c1"); ok && res.IsError {
				return lab.Reply(lab.Text("Wrong name. Again:"), lab.Call("read", lab.Args{"path": "config.py"}))
			}
			return lab.Say("I could not find out.")
		}),
		lab.Respond(func(r lab.Request) lab.Message {
			res, _ := r.ResultFor("c2")
			return lab.Say("config.py sets " + strings.TrimSpace(res.Content) + ".")
		}),
	)
	rec := lab.NewRecorder("Chat with a misspelt tool name, then the right one")
	rec.Watch(ws)
	messages, result := harness.Chat(rec.Model(model), nil, "What port does config.py set?", rec.Tools(harness.MakeReadTool(ws)))
	fmt.Println(lab.Show(messages))
	fmt.Println()
	fmt.Printf("%s after %d steps: %s\n", result.Status, result.Steps, result.Text)
	fmt.Println("ws.Reads():", ws.Reads())
	if err := lab.WriteTranscript(rec); err != nil {
		log.Fatal(err)
	}
}
