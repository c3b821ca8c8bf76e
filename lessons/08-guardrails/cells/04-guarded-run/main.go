// The opening story again, through GuardedChat. The model is the same: it
// repeats whatever contact its request shows it. Once lab 2 passes, this
// runs against your code.
package main

import (
	"fmt"
	"strings"

	"harnesslab/lab"
	harness "harnesslab/lessons/08-guardrails"
)

func main() {
	reports := map[string]string{"R2": "Kessan, 2026-03-15: 48,200 people. " +
		"Nurse Amina on +44 20 7946 0958, amina.yusuf@example.org."}
	report := lab.Tool{
		Name:        "get_report",
		Description: "Return the text of one field report.",
		Parameters: lab.Schema{"type": "object", "required": []string{"id"},
			"properties": lab.Schema{"id": lab.Schema{"type": "string"}}},
		Execute: func(args lab.Args) (string, error) {
			id, _ := args["id"].(string)
			return reports[id], nil
		},
	}
	model := lab.NewScriptedModel(
		lab.Reply(lab.Call("get_report", lab.Args{"id": "R2"})),
		lab.Respond(func(r lab.Request) lab.Message {
			res, _ := r.ResultFor("c1")
			contact := res.Content[strings.Index(res.Content, "Nurse"):]
			return lab.Say("Kessan has 48,200 people [c1]. " + contact)
		}),
	)
	var log harness.Log
	rec := lab.NewRecorder("GuardedChat")
	messages, result := harness.GuardedChat(rec.Model(model), nil, "How many people live in Kessan?", rec.Tools(report), &log)
	fmt.Println(lab.Show(messages))
	fmt.Printf("\n%s after %d steps: %s\n", result.Status, result.Steps, result.Text)
	fmt.Println("\nthe log:")
	for _, t := range log.Triggers {
		fmt.Printf("  %-6s %-10s %s\n", t.Guard, t.Where, t.What)
	}
	if err := lab.WriteTranscript(rec); err != nil {
		panic(err)
	}
}
