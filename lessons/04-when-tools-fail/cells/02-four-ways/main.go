// The model asks for raed. Three things your harness could do about it,
// besides crashing: drop the call, retry it without a word, or answer it.
package main

import (
	"fmt"
	"log"

	"harnesslab/lab"
	harness "harnesslab/lessons/04-when-tools-fail"
)

func main() {
	ws := lab.NewWorkspace(map[string]string{"config.py": "PORT = 9090\n"})
	rec := lab.NewRecorder("raed: dropped, retried, answered")
	rec.Watch(ws)
	tools := rec.Tools(harness.MakeReadTool(ws))
	specs := harness.ToolSpecs(tools)
	question := harness.UserMessage("What port does config.py set?")
	asked := lab.Reply(lab.Call("raed", lab.Args{"path": "config.py"}).WithID("c1"))
	call := harness.ToolCalls(asked)[0]

	// it acts only on what the request shows it
	model := rec.Model(lab.NewScriptedModel(lab.Always(lab.Respond(func(r lab.Request) lab.Message {
		if res, ok := r.ResultFor("c1"); ok && res.IsError {
			return lab.Reply(lab.Call("read", lab.Args{"path": "config.py"}).WithID("c2"))
		}
		return lab.Say("Let me try that again.")
	}))))

	fmt.Println("drop it:")
	dropped := model.Complete(harness.System, []lab.Message{question, asked}, specs)
	fmt.Println("   the next request is refused:", dropped.Error)

	fmt.Println("retry it, without a word:")
	for attempt := 1; attempt <= 3; attempt++ {
		fmt.Printf("   attempt %d: %s\n", attempt, harness.RunTool(tools, call).Content)
	}

	fmt.Println("answer it:")
	result := harness.RunTool(tools, call)
	next := model.Complete(harness.System, []lab.Message{question, asked, result}, specs)
	fmt.Println("   " + lab.Show([]lab.Message{result}))
	fmt.Println("   the model's next step: " + lab.Show([]lab.Message{next}))
	if err := lab.WriteTranscript(rec); err != nil {
		log.Fatal(err)
	}
}
