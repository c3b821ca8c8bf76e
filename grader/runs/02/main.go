// Command 02 plays lesson 02's scenario against a real model: a question
// whose answer is in a file, and the read tool to get it.
package main

import (
	"harnesslab/grader/runs/runkit"
	"harnesslab/lab"
	harness "harnesslab/lessons/02-model-can-only-talk"
)

func main() {
	runkit.Main(runkit.Scenario{
		Lesson: "02",
		Files: map[string]string{
			"config.py": "HOST = \"0.0.0.0\"\nPORT = 9090\n",
			"main.py":   "from config import HOST, PORT\n\nserve(HOST, PORT)\n",
		},
		Run: func(model lab.Model, ws *lab.Workspace, tools func(...lab.Tool) []lab.Tool) []lab.Message {
			messages, _ := harness.Chat(model, nil, "What port does the server in this folder listen on? config.py sets it.", tools(harness.MakeReadTool(ws)))
			return messages
		},
	})
}
