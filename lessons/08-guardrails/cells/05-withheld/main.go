// Two answers to the same question, after the same report: one cites its
// figure, one adds a figure nobody reported. Once lab 2 passes, this runs
// against your code.
package main

import (
	"fmt"
	"log"

	"harnesslab/lab"
	harness "harnesslab/lessons/08-guardrails"
)

func main() {
	report := lab.Tool{
		Name:        "get_report",
		Description: "Return the text of one field report.",
		Parameters: lab.Schema{"type": "object", "required": []string{"id"},
			"properties": lab.Schema{"id": lab.Schema{"type": "string"}}},
		Execute: func(lab.Args) (string, error) {
			return "Kessan, 2026-03-15: 48,200 people, 4,200 households, road to Tamsi closed.", nil
		},
	}
	var recs []*lab.Recorder
	for _, answer := range []string{
		"Kessan has 48,200 people in 4,200 households [c1].",
		"Kessan has 48,200 people [c1], about 5,000 of them displaced.",
		"Kessan has 48,200 people, 200 households [c1].",
	} {
		model := lab.NewScriptedModel(lab.Reply(lab.Call("get_report", lab.Args{"id": "R1"})), lab.Say(answer))
		var log harness.Log
		rec := lab.NewRecorder("GuardedChat: " + answer)
		recs = append(recs, rec)
		_, result := harness.GuardedChat(rec.Model(model), nil, "How many people live in Kessan?", rec.Tools(report), &log)
		fmt.Printf("the model wrote: %s\n", answer)
		fmt.Printf("  the caller gets: %s %q\n", result.Status, result.Text)
		for _, t := range log.Triggers {
			fmt.Printf("  logged: %s %s: %s\n", t.Guard, t.Where, t.What)
		}
	}
	if err := lab.WriteTranscript(recs...); err != nil {
		log.Fatal(err)
	}
}
