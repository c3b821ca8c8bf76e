// Command 04 plays lesson 04's scenario against a real model: the answer is
// three files deep, and the loop keeps reading until the model answers or
// the step budget runs out.
package main

import (
	"harnesslab/grader/runs/runkit"
	"harnesslab/lab"
	harness "harnesslab/lessons/04-when-tools-fail"
)

func main() {
	runkit.Main(runkit.Scenario{
		Lesson: "04",
		Files: map[string]string{
			"main.go":   "package main\n\nfunc main() {\n\tserve(loadConfig().Port)\n}\n",
			"config.go": "package main\n\nfunc loadConfig() Config {\n\treturn Config{Port: envInt(\"PORT\", defaultPort)}\n}\n",
			"env.go":    "package main\n\n// defaultPort is the port when $PORT is empty.\nconst defaultPort = 9090\n",
		},
		Run: func(model lab.Model, ws *lab.Workspace, tools func(...lab.Tool) []lab.Tool) []lab.Message {
			messages, _ := harness.Chat(model, nil, "Which port does this program listen on when $PORT is empty? Start at main.go.", tools(harness.MakeReadTool(ws)))
			return messages
		},
	})
}
