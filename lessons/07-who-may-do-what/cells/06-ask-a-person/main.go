// send_email is on the allow-list now, and every call to it is put to a
// person first. This person says yes to finance and no to everyone else.
// Once lab 2 passes, this runs against your code.
package main

import (
	"fmt"

	"harnesslab/lab"
	harness "harnesslab/lessons/07-who-may-do-what"
)

func main() {
	var outbox []string
	send := lab.Tool{
		Name:        "send_email",
		Description: "Send an email to a team.",
		Parameters: lab.Schema{"type": "object", "required": []string{"to", "subject", "body"}, "properties": lab.Schema{
			"to": lab.Schema{"type": "string"}, "subject": lab.Schema{"type": "string"}, "body": lab.Schema{"type": "string"}}},
		Execute: func(args lab.Args) (string, error) {
			outbox = append(outbox, fmt.Sprintf("to %v: %v", args["to"], args["subject"]))
			return fmt.Sprintf("sent to %v", args["to"]), nil
		},
	}
	policy := harness.Policy{
		Effects: map[string]harness.Effect{"send_email": harness.External},
		Allowed: []string{"send_email"},
	}

	// ask stands in for a person at a terminal: it shows the call and answers.
	ask := func(tool string, args lab.Args) bool {
		yes := args["to"] == "finance"
		fmt.Printf("ask: may I run %s(%s)? %v\n", tool, lab.EncodeJSON(args), map[bool]string{true: "yes", false: "no"}[yes])
		return yes
	}
	var log harness.PolicyLog
	tools := harness.Gate([]lab.Tool{send}, policy, ask, &log)

	model := lab.NewScriptedModel(
		lab.Reply(
			lab.Call("send_email", lab.Args{"to": "finance", "subject": "Week 12", "body": "40 tents reached Kessan."}),
			lab.Call("send_email", lab.Args{"to": "all-partners", "subject": "Week 12", "body": "40 tents reached Kessan."})),
		lab.Say("Finance has the report. Sending it to all partners was not approved."),
	)
	rec := lab.NewRecorder("Chat through Gate, with a person to ask")
	messages, _ := harness.Chat(rec.Model(model), nil, "Send the week 12 report to finance and to all partners.", rec.Tools(tools...))
	fmt.Println()
	fmt.Println(lab.Show(messages[1:]))
	fmt.Printf("\noutbox: %q\n", outbox)
	for _, e := range log.Entries {
		fmt.Printf("log: %s %s to=%v approved=%v\n", e.Verdict, e.Tool, e.Args["to"], e.Approved)
	}
	if err := lab.WriteTranscript(rec); err != nil {
		panic(err)
	}
}
