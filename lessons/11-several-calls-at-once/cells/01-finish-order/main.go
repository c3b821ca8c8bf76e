// The model asks for two files in one reply. A harness runs both reads at
// once and appends each result as it arrives. The second read finishes
// first; the first fails, because its file does not exist.
package main

import (
	"fmt"
	"log"
	"time"

	"harnesslab/lab"
)

func main() {
	ws := lab.NewWorkspace(map[string]string{"auth/session.txt": "expires_at = now + 10m\n"})
	tl := lab.NewTimeline()
	rec := lab.NewRecorder("two reads at once, each result appended as it arrives")
	rec.Watch(ws)
	read := tl.Delay(rec.Tools(lab.Tool{
		Name: "read",
		Execute: func(args lab.Args) (string, error) {
			return ws.ReadText(args["path"].(string))
		},
	})[0], func(args lab.Args) time.Duration {
		if args["path"] == "auth/tokens.txt" {
			return 30 * time.Millisecond // the first read is the slow one
		}
		return 10 * time.Millisecond
	})

	reply := lab.Reply(
		lab.Call("read", lab.Args{"path": "auth/tokens.txt"}).WithID("c1"),
		lab.Call("read", lab.Args{"path": "auth/session.txt"}).WithID("c2"),
	)
	messages := []lab.Message{lab.User("Where does the session check expiry?"), reply}

	// Start both, append each result as it arrives.
	arrived := make(chan lab.Message)
	tl.Run([]int{2}, func() {
		for _, call := range reply.Blocks {
			go func() {
				result := lab.Message{Role: lab.RoleToolResult, ToolCallID: call.ID, ToolName: call.Name}
				content, err := read.Execute(call.Arguments)
				if err != nil {
					content, result.IsError = "Error: "+err.Error(), true
				}
				result.Content = content
				arrived <- result
			}()
		}
		for range reply.Blocks {
			messages = append(messages, <-arrived)
		}
	})

	fmt.Print(lab.Show(messages))
	fmt.Println()
	for _, problem := range lab.Validate(messages) {
		fmt.Println("refused:", problem)
	}
	if err := lab.WriteTranscript(rec); err != nil {
		log.Fatal(err)
	}
}
