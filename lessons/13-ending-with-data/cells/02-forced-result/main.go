// The same fix, ended with RunTask: submit_result is forced, the first
// result sends tests_passed as a string, and the validator's words go back.
package main

import (
	"fmt"
	"log"

	"harnesslab/lab"
	harness "harnesslab/lessons/13-ending-with-data"
)

// submit is a reply that calls submit_result with args.
func submit(args lab.Args) lab.Message {
	return lab.Reply(lab.Call(harness.SubmitName, args))
}

func main() {
	ws := lab.NewWorkspace(map[string]string{"auth/session.go": "const grace = 10 * time.Minute\n"})
	edits := harness.NewEdits(ws)
	tools := []lab.Tool{edits.Track(harness.MakeReadTool(ws)), edits.EditTool()}
	model := lab.NewScriptedModel(
		lab.Reply(lab.Call("read", lab.Args{"path": "auth/session.go"})),
		lab.Reply(lab.Call("edit", lab.Args{"path": "auth/session.go",
			"old_text": "10 * time.Minute", "new_text": "0"})),
		lab.Say("Fixed: I removed the 10-minute grace period."),
		submit(lab.Args{"summary": "Removed the 10-minute grace period.",
			"files_changed": []any{"auth/session.go"}, "tests_passed": "not run"}),
		submit(lab.Args{"summary": "Removed the 10-minute grace period.",
			"files_changed": []any{"auth/session.go"}, "tests_passed": false}),
	)
	rec := lab.NewRecorder("RunTask: the run ends in a submitted result")
	rec.Watch(ws)
	messages, final := harness.RunTask(rec.Model(model), nil, "Sessions expire 10 minutes late. Fix it.", rec.Tools(tools...))
	fmt.Println(lab.Show(messages[6:]))
	for i, r := range model.Calls() {
		fmt.Printf("request %d: tool choice %s, %d tools\n", i+1, r.Choice, len(r.Tools))
	}
	fmt.Printf("\nfinal: %+v\n", final)
	if err := lab.WriteTranscript(rec); err != nil {
		log.Fatal(err)
	}
}
