// The model reads config.py and writes it back whole with its change. In
// between, a teammate changed another line of the same file.
package main

import (
	"fmt"
	"log"

	"harnesslab/lab"
	harness "harnesslab/lessons/10-edits-that-dont-clobber"
)

func main() {
	ws := lab.NewWorkspace(map[string]string{"config.py": "HOST = \"localhost\"\nPORT = 8080\n"})
	write := lab.Tool{
		Name:        "write",
		Description: "Write a whole text file.",
		Parameters: lab.Schema{"type": "object", "required": []string{"path", "text"}, "properties": lab.Schema{
			"path": lab.Schema{"type": "string"}, "text": lab.Schema{"type": "string"}}},
		Execute: func(args lab.Args) (string, error) {
			ws.WriteText(args["path"].(string), args["text"].(string))
			return "written", nil
		},
	}
	script := lab.NewScriptedModel(
		lab.Reply(lab.Call("read", lab.Args{"path": "config.py"})),
		// The model writes back what it read, with its one change.
		lab.Reply(lab.Call("write", lab.Args{"path": "config.py", "text": "HOST = \"localhost\"\nPORT = 9090\n"})),
		lab.Say("PORT is 9090 now."),
	)
	// Just before the model's second request, a teammate opens the server up.
	rec := lab.NewRecorder("Chat with read and write, and a teammate")
	rec.Watch(ws)
	model := &lab.Teammate{Model: rec.Model(script), WS: ws, At: 2, Path: "config.py",
		Text: "HOST = \"0.0.0.0\"\nPORT = 8080\n"}

	_, result := harness.Chat(model, nil, "Set the port to 9090.", rec.Tools(harness.MakeReadTool(ws), write))
	fmt.Println("the model says:", result.Text)
	text, _ := ws.Peek("config.py")
	fmt.Printf("config.py now holds:\n%s", text)
	fmt.Println("writes:", ws.Writes())
	if err := lab.WriteTranscript(rec); err != nil {
		log.Fatal(err)
	}
}
