// The opening failure: the answer is three files deep, and lesson 02's Chat
// makes one round trip.
package main

import (
	"fmt"
	"log"
	"strings"

	"harnesslab/lab"
	harness "harnesslab/lessons/03-the-loop"
)

// chatOnce is lesson 02's Chat, copied here: one round trip, cranked by hand.
func chatOnce(model lab.Model, messages []lab.Message, text string, tools []lab.Tool) ([]lab.Message, string) {
	messages = append(messages, harness.UserMessage(text))
	reply := model.Complete(harness.System, messages, harness.ToolSpecs(tools))
	messages = append(messages, reply)
	if calls := harness.ToolCalls(reply); len(calls) > 0 {
		for _, call := range calls {
			messages = append(messages, harness.RunTool(tools, call))
		}
		reply = model.Complete(harness.System, messages, harness.ToolSpecs(tools))
		messages = append(messages, reply)
	}
	return messages, harness.TextOf(reply)
}

func main() {
	ws := lab.NewWorkspace(map[string]string{
		"main.go":   "package main\n\nfunc main() {\n\tserve(loadConfig().Port)\n}\n",
		"config.go": "package main\n\nfunc loadConfig() Config {\n\treturn Config{Port: envInt(\"PORT\", defaultPort)}\n}\n",
		"env.go":    "package main\n\n// defaultPort is the port when $PORT is empty.\nconst defaultPort = 9090\n",
	})
	read := func(path string) lab.Block { return lab.Call("read", lab.Args{"path": path}) }
	// it can only quote the line it was shown
	answer := lab.Respond(func(r lab.Request) lab.Message {
		env, _ := r.ResultFor("c3")
		for _, line := range strings.Split(env.Content, "\n") {
			if strings.HasPrefix(line, "const defaultPort") {
				return lab.Say("It comes from env.go: " + line + ", used when $PORT is empty.")
			}
		}
		return lab.Say("I could not find it.")
	})
	model := lab.NewScriptedModel(
		lab.Reply(lab.Text("Let me start where the program starts."), read("main.go")),
		lab.Reply(lab.Text("main.go gets its port from loadConfig, in config.go. Let me read that next."), read("config.go")),
		lab.Reply(lab.Text("config.go falls back to defaultPort. Let me find where that is set."), read("env.go")),
		answer,
	)

	rec := lab.NewRecorder("one round trip, then the next turn")
	rec.Watch(ws)
	asked := rec.Model(model)
	tools := rec.Tools(harness.MakeReadTool(ws))
	messages, said := chatOnce(asked, nil, "The server listens on 9090, not 8080. Where does 9090 come from?", tools)
	fmt.Println(said)
	fmt.Println("ws.Reads():", ws.Reads(), "| model calls:", len(model.Calls()))
	fmt.Println()
	fmt.Println(lab.Show(messages))
	fmt.Println()

	// the next turn: "Go on, then."
	next := append(messages, harness.UserMessage("Go on, then."))
	fmt.Println(asked.Complete(harness.System, next, harness.ToolSpecs(tools)).Error)
	if err := lab.WriteTranscript(rec); err != nil {
		log.Fatal(err)
	}
}
