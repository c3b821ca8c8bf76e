// The spec rides in every request, so it is on the bill.
package main

import (
	"fmt"
	"log"

	"harnesslab/lab"
	harness "harnesslab/lessons/02-model-can-only-talk"
)

func main() {
	ws := lab.NewWorkspace(map[string]string{"config.py": "PORT = 9090\n"})
	specs := harness.ToolSpecs([]lab.Tool{harness.MakeReadTool(ws)})
	model := lab.NewScriptedModel(lab.Say("Hello."), lab.Say("Hello."), lab.Say("Hello."))
	hi := []lab.Message{lab.User("Hi!")}
	rec := lab.NewRecorder("the same words with no tools, then with one")

	for _, try := range []struct {
		label string
		tools []lab.Spec
	}{
		{"no tools", nil},
		{"one tool", specs},
		{"the same tool, next call", specs},
	} {
		reply := rec.Model(model).Complete(harness.System, hi, try.tools)
		fmt.Printf("%-25s input tokens: %d\n", try.label, reply.Usage.Input)
	}

	fmt.Println()
	fmt.Print(lab.RenderRequest(harness.System, hi, specs)) // the billed text of one request

	if err := lab.WriteTranscript(rec); err != nil {
		log.Fatal(err)
	}
}
