// You hold the result of call c1. Three places to put it; the strict model
// judges each.
package main

import (
	"fmt"
	"log"
	"strings"

	"harnesslab/lab"
	harness "harnesslab/lessons/02-model-can-only-talk"
)

func main() {
	question := lab.User("What port does the server use?")
	call := lab.Call("read", lab.Args{"path": "config.py"}).WithID("c1")
	asked := lab.Reply(call)
	found := "PORT = 9090\n"

	asUser := lab.User("Tool output: " + found)
	stuffed := lab.Reply(call, lab.Text(found))
	own := lab.Message{
		Role:       lab.RoleToolResult,
		ToolCallID: "c1",
		ToolName:   "read",
		Content:    found,
		IsError:    false,
	}
	placements := []struct {
		name     string
		messages []lab.Message
	}{
		{"A, a user message", []lab.Message{question, asked, asUser}},
		{"B, inside the reply", []lab.Message{question, stuffed}},
		{"C, its own message", []lab.Message{question, asked, own}},
	}

	// it reports only what its request shows
	answer := lab.Respond(func(r lab.Request) lab.Message {
		result, _ := r.ResultFor("c1")
		return lab.Say("config.py says " + strings.TrimSpace(result.Content) + ".")
	})

	var recs []*lab.Recorder
	for _, p := range placements {
		rec := lab.NewRecorder("placement " + p.name)
		recs = append(recs, rec)
		model := lab.NewScriptedModel(answer)
		reply := rec.Model(model).Complete(harness.System, p.messages, nil)
		said := reply.Error
		if said == "" {
			said = harness.TextOf(reply)
		}
		fmt.Println(p.name)
		fmt.Println("   ", said)
	}

	if err := lab.WriteTranscript(recs...); err != nil {
		log.Fatal(err)
	}
}
