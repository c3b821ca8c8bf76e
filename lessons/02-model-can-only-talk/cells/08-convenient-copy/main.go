// One reply, stored as written. Then a "convenient" second copy of its calls,
// and one later edit.
package main

import (
	"fmt"
	"log"
	"strings"

	"harnesslab/lab"
	harness "harnesslab/lessons/02-model-can-only-talk"
)

func main() {
	reply := lab.Reply(
		lab.Text("The live config first."),
		lab.Call("read", lab.Args{"path": "config.py"}).WithID("c1"),
		lab.Text("Then the backup, to compare."),
		lab.Call("read", lab.Args{"path": "backup.py"}).WithID("c2"),
	)

	// one list, in the order it was written
	for _, block := range reply.Blocks {
		what := block.Text
		if block.Type == lab.ToolCallBlock {
			what = block.Name + " " + block.ID
		}
		fmt.Printf("%-9s %s\n", block.Type, what)
	}

	calls := harness.ToolCalls(reply)                 // a second copy, "for convenience"
	reply.Blocks = reply.Blocks[:len(reply.Blocks)-1] // later, something edits the content

	fmt.Println("content says: ", ids(harness.ToolCalls(reply)))
	fmt.Println("the copy says:", ids(calls))

	// The code acts on its copy: it runs both calls and sends the list.
	ws := lab.NewWorkspace(map[string]string{"config.py": "PORT = 9090\n", "backup.py": "PORT = 7070\n"})
	rec := lab.NewRecorder("both calls of the copy run")
	rec.Watch(ws)
	tools := rec.Tools(harness.MakeReadTool(ws))
	messages := []lab.Message{lab.User("Compare the ports."), reply}
	for _, call := range calls {
		messages = append(messages, harness.RunTool(tools, call))
	}
	fmt.Println()
	fmt.Println(lab.Show(messages))
	fmt.Println(strings.Join(lab.Validate(messages), "\n"))
	if err := lab.WriteTranscript(rec); err != nil {
		log.Fatal(err)
	}
}

func ids(calls []lab.Block) []string {
	var out []string
	for _, call := range calls {
		out = append(out, call.ID)
	}
	return out
}
