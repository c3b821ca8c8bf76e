// One reply, two calls. How will the results be told apart?
package main

import (
	"fmt"
	"log"

	"harnesslab/lab"
	harness "harnesslab/lessons/02-model-can-only-talk"
)

func main() {
	ws := lab.NewWorkspace(map[string]string{
		"config.py": "PORT = 9090\n",
		"backup.py": "PORT = 7070\n",
	})
	specs := harness.ToolSpecs([]lab.Tool{harness.MakeReadTool(ws)})
	model := lab.NewScriptedModel(lab.Reply(
		lab.Call("read", lab.Args{"path": "config.py"}),
		lab.Call("read", lab.Args{"path": "backup.py"}),
	))

	question := []lab.Message{lab.User("Which ports do the two files use?")}
	rec := lab.NewRecorder("one reply, two calls")
	reply := rec.Model(model).Complete(harness.System, question, specs)
	for _, block := range reply.Blocks {
		fmt.Printf("Type: %s  ID: %s  Name: %s  Arguments: %s\n",
			block.Type, block.ID, block.Name, lab.EncodeJSON(block.Arguments))
	}

	if err := lab.WriteTranscript(rec); err != nil {
		log.Fatal(err)
	}
}
