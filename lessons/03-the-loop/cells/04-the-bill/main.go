// What each step of the loop costs: every request resends the whole list.
package main

import (
	"fmt"
	"log"
	"strings"

	"harnesslab/lab"
	harness "harnesslab/lessons/03-the-loop"
)

// bill prints, for each request the model answered, how many messages it
// carried, its input tokens, and the running total.
func bill(model *lab.ScriptedModel) {
	fmt.Println("step  messages sent  input tokens  total so far")
	total := 0
	for i, request := range model.Calls() {
		tokens := lab.CountTokens(request.Text())
		total += tokens
		fmt.Printf("%4d  %13d  %12d  %12d\n", i+1, len(request.Messages), tokens, total)
	}
}

func main() {
	ws := lab.NewWorkspace(map[string]string{
		"main.go":   "package main\n\nfunc main() {\n\tserve(loadConfig().Port)\n}\n",
		"config.go": "package main\n\nfunc loadConfig() Config {\n\treturn Config{Port: envInt(\"PORT\", defaultPort)}\n}\n",
		"env.go":    "package main\n\n// defaultPort is the port when $PORT is empty.\nconst defaultPort = 9090\n",
	})
	read := func(path string) lab.Block { return lab.Call("read", lab.Args{"path": path}) }
	answer := lab.Respond(func(r lab.Request) lab.Message {
		env, _ := r.ResultFor("c3")
		for _, line := range strings.Split(env.Content, "\n") {
			if strings.HasPrefix(line, "const defaultPort") {
				return lab.Say("It comes from env.go: " + line + ", used when $PORT is empty.")
			}
		}
		return lab.Say("I could not find it.")
	})
	follows := lab.NewScriptedModel(
		lab.Reply(lab.Text("Let me start where the program starts."), read("main.go")),
		lab.Reply(lab.Text("main.go gets its port from loadConfig, in config.go. Let me read that next."), read("config.go")),
		lab.Reply(lab.Text("config.go falls back to defaultPort. Let me find where that is set."), read("env.go")),
		answer,
	)
	first := lab.NewRecorder("Chat through three files")
	_, result := harness.Chat(first.Model(follows), nil, "The server listens on 9090, not 8080. Where does 9090 come from?",
		first.Tools(harness.MakeReadTool(ws)))
	fmt.Println("three files, then the answer:", result.Status)
	bill(follows)

	// the model from the cell before, under Chat's budget of MaxSteps
	files := []string{"main.go", "config.go", "env.go"}
	circles := lab.NewScriptedModel(lab.Always(lab.Respond(func(r lab.Request) lab.Message {
		seen := 0
		for _, m := range r.Messages {
			if m.Role == lab.RoleToolResult {
				seen++
			}
		}
		return lab.Reply(lab.Text("Before I answer, let me check one more file."), read(files[seen%len(files)]))
	})))
	second := lab.NewRecorder("Chat with a model that goes round in circles")
	_, result = harness.Chat(second.Model(circles), nil, "Where does the port 9090 come from?", second.Tools(harness.MakeReadTool(ws)))
	fmt.Println()
	fmt.Println("round in circles until the budget of", harness.MaxSteps, "is spent:", result.Status)
	bill(circles)
	if err := lab.WriteTranscript(first, second); err != nil {
		log.Fatal(err)
	}
}
