// A call to read that leaves out path. Go does not notice: the read tool's
// comma-ok assertion quietly turns the missing path into "".
package main

import (
	"fmt"
	"log"

	"harnesslab/lab"
	harness "harnesslab/lessons/04-when-tools-fail"
)

func main() {
	ws := lab.NewWorkspace(map[string]string{"config.py": "PORT = 9090\n"})
	rec := lab.NewRecorder("a call to read without path")
	rec.Watch(ws)
	read := rec.Tools(harness.MakeReadTool(ws))[0]
	call := lab.Call("read", lab.Args{"file": "config.py"}).WithID("c1") // file, not path

	_, err := read.Execute(call.Arguments)
	fmt.Printf("the tool itself says:  %q\n", err.Error())
	fmt.Printf("it looked for:         %q\n", ws.Reads())
	fmt.Printf("RunTool says:          %q\n", harness.RunTool([]lab.Tool{read}, call).Content)
	if err := lab.WriteTranscript(rec); err != nil {
		log.Fatal(err)
	}
}
