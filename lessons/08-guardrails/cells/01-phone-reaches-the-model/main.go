// Chat, as the earlier lessons left it, reads a field report for the model.
// The report holds a nurse's phone number and e-mail address; nothing stands
// between them and the model.
package main

import (
	"fmt"
	"log"
	"regexp"

	"harnesslab/lab"
	harness "harnesslab/lessons/08-guardrails"
)

// reportTool returns one field report by id.
func reportTool(reports map[string]string) lab.Tool {
	return lab.Tool{
		Name:        "get_report",
		Description: "Return the text of one field report.",
		Parameters: lab.Schema{"type": "object", "required": []string{"id"},
			"properties": lab.Schema{"id": lab.Schema{"type": "string"}}},
		Execute: func(args lab.Args) (string, error) {
			id, _ := args["id"].(string)
			text, ok := reports[id]
			if !ok {
				return "", fmt.Errorf("no report called %s", id)
			}
			return text, nil
		},
	}
}

var phone = regexp.MustCompile(`\+[\d ]{8,}\d`)

func main() {
	reports := map[string]string{"R2": "Kessan, 2026-03-15: 48,200 people. " +
		"Nurse Amina on +44 20 7946 0958, amina.yusuf@example.org."}
	model := lab.NewScriptedModel(
		lab.Reply(lab.Call("get_report", lab.Args{"id": "R2"})),
		// it can only repeat what its request shows it
		lab.Respond(func(r lab.Request) lab.Message {
			res, _ := r.ResultFor("c1")
			return lab.Say("Kessan has 48,200 people. Call the nurse on " + phone.FindString(res.Content) + ".")
		}),
	)
	rec := lab.NewRecorder("Chat with no guards")
	messages, result := harness.Chat(rec.Model(model), nil, "How many people live in Kessan?", rec.Tools(reportTool(reports)))
	fmt.Println(lab.Show(messages))
	fmt.Println()
	second := model.Calls()[1]
	sent := lab.RenderRequest(second.System, second.Messages, second.Tools)
	fmt.Printf("%s after %d steps\n", result.Status, result.Steps)
	fmt.Println("the second request holds the phone number:", phone.MatchString(sent))
	if err := lab.WriteTranscript(rec); err != nil {
		log.Fatal(err)
	}
}
