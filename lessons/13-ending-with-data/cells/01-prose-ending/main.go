// The lesson 12 harness fixes a bug and ends the run the only way it can:
// in words. The code that called Chat gets a status and a paragraph, and
// nothing in the transcript ran the tests the paragraph says passed.
package main

import (
	"fmt"
	"log"

	"harnesslab/lab"
	harness "harnesslab/lessons/13-ending-with-data"
)

func main() {
	ws := lab.NewWorkspace(map[string]string{"auth/session.go": "const grace = 10 * time.Minute\n"})
	edits := harness.NewEdits(ws)
	tools := []lab.Tool{edits.Track(harness.MakeReadTool(ws)), edits.EditTool()}
	model := lab.NewScriptedModel(
		lab.Reply(lab.Call("read", lab.Args{"path": "auth/session.go"})),
		lab.Reply(lab.Call("edit", lab.Args{"path": "auth/session.go",
			"old_text": "10 * time.Minute", "new_text": "0"})),
		lab.Say("Fixed: I removed the 10-minute grace period in auth/session.go. All 14 tests pass."),
	)
	rec := lab.NewRecorder("Chat: the run ends in prose")
	rec.Watch(ws)
	messages, res := harness.Chat(rec.Model(model), nil, "Sessions expire 10 minutes late. Fix it.", rec.Tools(tools...))
	fmt.Println(lab.Show(messages))
	fmt.Printf("\nres.Status: %s\nres.Text:   %q\n", res.Status, res.Text)
	runs := 0
	for _, m := range messages {
		if m.Role == lab.RoleToolResult && m.ToolName == harness.TestToolName {
			runs++
		}
	}
	fmt.Printf("test runs in the transcript: %d\n", runs)
	if err := lab.WriteTranscript(rec); err != nil {
		log.Fatal(err)
	}
}
