// The policy has denied a call to send_email. Three things the harness could
// put in the list for it, and what the model does next with each.
package main

import (
	"fmt"
	"log"
	"strings"

	"harnesslab/lab"
	harness "harnesslab/lessons/07-who-may-do-what"
)

func main() {
	specs := []lab.Spec{{Name: "send_email", Description: "Send an email to a team.", Parameters: lab.Schema{"type": "object"}}}
	question := harness.UserMessage("Summarise the report, and email it to finance if you can.")
	asked := lab.Reply(lab.Call("send_email", lab.Args{"to": "finance", "body": "40 tents reached Kessan."}).WithID("c1"))

	// it acts only on what the request shows it
	model := lab.NewScriptedModel(lab.Always(lab.Respond(func(r lab.Request) lab.Message {
		res, _ := r.ResultFor("c1")
		switch {
		case !res.IsError:
			return lab.Say("Done: finance has the report.")
		case strings.Contains(res.Content, "do not ask for it again"):
			return lab.Say("I could not email finance: the policy does not allow it. Here is the summary instead.")
		}
		return lab.Reply(lab.Call("send_email", lab.Args{"to": "finance", "body": "40 tents reached Kessan."}))
	})))

	var recs []*lab.Recorder
	for _, answer := range []struct {
		label  string
		result []lab.Message
	}{
		{"A. nothing", nil},
		{"B. a result that says it worked", []lab.Message{{Role: lab.RoleToolResult, ToolCallID: "c1", ToolName: "send_email", Content: "sent"}}},
		{"C. an error result that says why", []lab.Message{{Role: lab.RoleToolResult, ToolCallID: "c1", ToolName: "send_email",
			Content: "Error: denied by policy: send_email is not on the allow-list; do not ask for it again", IsError: true}}},
	} {
		messages := append([]lab.Message{question, asked}, answer.result...)
		rec := lab.NewRecorder("the next request after " + answer.label)
		recs = append(recs, rec)
		next := rec.Model(model).Complete(harness.System, messages, specs)
		fmt.Println(answer.label + ":")
		if next.Error != "" {
			fmt.Println("   the next request is refused:", next.Error)
			continue
		}
		fmt.Println("   the model's next step: " + lab.Show([]lab.Message{next}))
	}
	if err := lab.WriteTranscript(recs...); err != nil {
		log.Fatal(err)
	}
}
