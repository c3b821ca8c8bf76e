// Command 01 plays lesson 01's scenario against a real model: the user says
// their name, then asks for it. With a Chat that keeps the list, the model
// knows it.
package main

import (
	"harnesslab/grader/runs/runkit"
	"harnesslab/lab"
	harness "harnesslab/lessons/01-function-that-forgets"
)

func main() {
	runkit.Main(runkit.Scenario{
		Lesson: "01",
		Run: func(model lab.Model, _ *lab.Workspace, _ func(...lab.Tool) []lab.Tool) []lab.Message {
			messages, _ := harness.Chat(model, nil, "Hi, my name is Ada.")
			messages, _ = harness.Chat(model, messages, "What is my name?")
			return messages
		},
	})
}
