// A model that goes round in circles, and a loop with a budget of 5.
package main

import (
	"fmt"
	"log"

	"harnesslab/lab"
	harness "harnesslab/lessons/03-the-loop"
)

func main() {
	ws := lab.NewWorkspace(map[string]string{
		"main.go":   "package main\n\nfunc main() {\n\tserve(loadConfig().Port)\n}\n",
		"config.go": "package main\n\nfunc loadConfig() Config {\n\treturn Config{Port: envInt(\"PORT\", defaultPort)}\n}\n",
		"env.go":    "package main\n\n// defaultPort is the port when $PORT is empty.\nconst defaultPort = 9090\n",
	})
	// whatever it has read, it wants one more file: main.go, config.go, env.go, main.go, ...
	files := []string{"main.go", "config.go", "env.go"}
	circles := lab.Always(lab.Respond(func(r lab.Request) lab.Message {
		seen := 0
		for _, m := range r.Messages {
			if m.Role == lab.RoleToolResult {
				seen++
			}
		}
		next, again := files[seen%len(files)], ""
		if seen >= len(files) {
			again = " once more"
		}
		return lab.Reply(lab.Text("Before I answer, let me check "+next+again+"."), lab.Call("read", lab.Args{"path": next}))
	}))
	model := lab.NewScriptedModel(circles)

	question := []lab.Message{harness.UserMessage("Where does the port 9090 come from?")}
	rec := lab.NewRecorder("RunLoop with a budget of 5, a model that never stops")
	rec.Watch(ws)
	messages, result := harness.RunLoop(rec.Model(model), question, rec.Tools(harness.MakeReadTool(ws)), 5)
	fmt.Printf("%+v\n", result)
	fmt.Println("model calls:", len(model.Calls()), "| ws.Reads():", ws.Reads())
	fmt.Println()
	fmt.Println(lab.Show(messages))
	fmt.Println()
	fmt.Println("problems a provider would find in this list:", len(lab.Validate(messages)))
	if err := lab.WriteTranscript(rec); err != nil {
		log.Fatal(err)
	}
}
