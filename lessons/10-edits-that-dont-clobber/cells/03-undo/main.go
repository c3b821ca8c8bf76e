// Two edits of one file, then an undo; then an edit, a teammate's write, and
// an undo that would throw the teammate's work away.
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
	rec := lab.NewRecorder("reads, edits and undos of config.py")
	rec.Watch(ws)
	read := rec.Tools(edits.Track(harness.MakeReadTool(ws)))[0]
	show := func(what string) {
		text, _ := ws.Peek("config.py")
		fmt.Printf("%s:\n%s\n", what, text)
	}

	read.Execute(lab.Args{"path": "config.py"})
	edits.Edit("config.py", "PORT = 8080", "PORT = 9090")
	edits.Edit("config.py", "localhost", "127.0.0.1")
	show("after two edits")
	fmt.Println("undo:", edits.Undo("config.py"))
	show("after the undo")
	fmt.Println("undo again:", edits.Undo("config.py"))

	read.Execute(lab.Args{"path": "config.py"})
	edits.Edit("config.py", "PORT = 8080", "PORT = 7070")
	ws.WriteText("config.py", "HOST = \"localhost\"\nPORT = 7070\nDEBUG = True\n") // a teammate
	fmt.Println("\nundo after a teammate's write:", edits.Undo("config.py"))
	show("the file keeps their line")
	if err := lab.WriteTranscript(rec); err != nil {
		log.Fatal(err)
	}
}
