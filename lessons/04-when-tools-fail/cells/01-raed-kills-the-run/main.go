// Lesson 03's loop, unchanged, meets a misspelt tool name and then a missing
// file. The deferred recover in main stands in for the end of your program:
// without it, Go prints a stack trace and exits.
package main

import (
	"fmt"
	"log"

	"harnesslab/lab"
	harness "harnesslab/lessons/04-when-tools-fail"
)

// runTool is RunTool as lesson 03 left it: the happy path only.
func runTool(tools []lab.Tool, call lab.Block) lab.Message {
	var tool lab.Tool // stays empty, Execute nil, if no tool has the name
	for _, t := range tools {
		if t.Name == call.Name {
			tool = t
		}
	}
	content, err := tool.Execute(call.Arguments)
	if err != nil {
		panic(err)
	}
	return lab.Message{Role: lab.RoleToolResult, ToolCallID: call.ID, ToolName: call.Name, Content: content}
}

// chat is lesson 03's Chat with that runTool: the bounded loop.
func chat(model lab.Model, text string, tools []lab.Tool) ([]lab.Message, harness.Result) {
	messages := []lab.Message{harness.UserMessage(text)}
	for step := 1; step <= harness.MaxSteps; step++ {
		reply := model.Complete(harness.System, messages, harness.ToolSpecs(tools))
		messages = append(messages, reply)
		calls := harness.ToolCalls(reply)
		if len(calls) == 0 {
			return messages, harness.Result{Status: harness.Answered, Text: harness.TextOf(reply), Steps: step}
		}
		for _, call := range calls {
			messages = append(messages, runTool(tools, call))
		}
	}
	return messages, harness.Result{Status: harness.GaveUp, Steps: harness.MaxSteps}
}

// attempt runs one conversation whose second step is the call second, and
// reports what is left of it. rec writes the conversation down.
func attempt(rec *lab.Recorder, second lab.Block) {
	ws := lab.NewWorkspace(map[string]string{"main.go": "from config import PORT\n", "config.py": "PORT = 9090\n"})
	model := lab.NewScriptedModel(
		lab.Reply(lab.Call("read", lab.Args{"path": "main.go"})),
		lab.Reply(second),
		lab.Say("The server listens on 9090."),
	)
	rec.Watch(ws)
	var messages []lab.Message
	defer func() {
		fmt.Println("asked for:", lab.ShowBlock(second))
		fmt.Println("  crashed with:", recover())
		fmt.Println("  ws.Reads() at the crash:", ws.Reads())
		fmt.Println("  messages the caller got back:", len(messages))
	}()
	messages, _ = chat(rec.Model(model), "Which port does the server use?", rec.Tools(harness.MakeReadTool(ws)))
}

func main() {
	raed := lab.NewRecorder("a call to raed, a tool that does not exist")
	attempt(raed, lab.Call("raed", lab.Args{"path": "config.py"}).WithID("c2"))
	missing := lab.NewRecorder("a read of a file that is not there")
	attempt(missing, lab.Call("read", lab.Args{"path": "settings.py"}).WithID("c2"))
	if err := lab.WriteTranscript(raed, missing); err != nil {
		log.Fatal(err)
	}
}
