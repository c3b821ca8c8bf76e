// The same story with your edit tool. The teammate changes HOST after the
// model's read; the text the model wants to replace is still in the file.
package main

import (
	"fmt"
	"log"

	"harnesslab/lab"
	harness "harnesslab/lessons/10-edits-that-dont-clobber"
)

func main() {
	ws := lab.NewWorkspace(map[string]string{"config.py": "HOST = \"localhost\"\nPORT = 8080\n"})
	edits := harness.NewEdits(ws)
	tools := []lab.Tool{edits.Track(harness.MakeReadTool(ws)), edits.EditTool()}

	edit := lab.Call("edit", lab.Args{"path": "config.py", "old_text": "PORT = 8080", "new_text": "PORT = 9090"})
	script := lab.NewScriptedModel(
		lab.Reply(lab.Call("read", lab.Args{"path": "config.py"})),
		lab.Reply(edit),
		lab.Reply(lab.Call("read", lab.Args{"path": "config.py"})),
		lab.Reply(edit),
		lab.Say("PORT is 9090 now, and HOST is as your teammate left it."),
	)
	rec := lab.NewRecorder("Chat with read and edit, and a teammate")
	rec.Watch(ws)
	model := &lab.Teammate{Model: rec.Model(script), WS: ws, At: 2, Path: "config.py",
		Text: "HOST = \"0.0.0.0\"\nPORT = 8080\n"}

	messages, _ := harness.Chat(model, nil, "Set the port to 9090.", rec.Tools(tools...))
	fmt.Print(lab.Show(messages))
	text, _ := ws.Peek("config.py")
	fmt.Printf("\nconfig.py now holds:\n%s", text)
	if err := lab.WriteTranscript(rec); err != nil {
		log.Fatal(err)
	}
}
