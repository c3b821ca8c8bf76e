// The same question and the same model, with Chat running the loop.
package main

import (
	"fmt"
	"log"
	"strings"

	"harnesslab/lab"
	harness "harnesslab/lessons/03-the-loop"
)

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

	rec := lab.NewRecorder("Chat runs the loop through three files")
	rec.Watch(ws)
	messages, result := harness.Chat(rec.Model(model), nil, "The server listens on 9090, not 8080. Where does 9090 come from?",
		rec.Tools(harness.MakeReadTool(ws)))
	fmt.Printf("%+v\n", result)
	fmt.Println("ws.Reads():", ws.Reads(), "| model calls:", len(model.Calls()))
	fmt.Println()
	fmt.Println(lab.Show(messages))
	if err := lab.WriteTranscript(rec); err != nil {
		log.Fatal(err)
	}
}
