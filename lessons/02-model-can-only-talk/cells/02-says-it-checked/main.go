// It says it checked: a confident answer about a file nobody read.
package main

import (
	"fmt"
	"log"
	"strings"

	"harnesslab/lab"
	harness "harnesslab/lessons/02-model-can-only-talk"
)

func main() {
	ws := lab.NewWorkspace(map[string]string{"config.py": "PORT = 9090\n"}) // a disk with one file on it
	model := lab.NewScriptedModel(lab.Say("I checked config.py: the port is 8080."))
	rec := lab.NewRecorder("a question about a file, and no tools")
	rec.Watch(ws)

	_, answer := harness.Chat(rec.Model(model), nil, "What port does config.py set?", nil)
	fmt.Println(answer)
	fmt.Printf("ws.Reads(): %q\n", ws.Reads()) // every path anyone has read

	really, _ := ws.Peek("config.py") // Peek looks without logging a read
	fmt.Println("config.py really says:", strings.TrimSpace(really))

	if err := lab.WriteTranscript(rec); err != nil {
		log.Fatal(err)
	}
}
