// The opening run again, with the tools behind Gate and send_email left off
// this deployment's allow-list. Once lab 1 passes, this runs against your code.
package main

import (
	"fmt"
	"strings"

	"harnesslab/lab"
	harness "harnesslab/lessons/07-who-may-do-what"
)

// tool returns a tool that takes string inputs and does what do says.
func tool(name, description string, inputs []string, do func(lab.Args) string) lab.Tool {
	properties := lab.Schema{}
	for _, input := range inputs {
		properties[input] = lab.Schema{"type": "string"}
	}
	return lab.Tool{Name: name, Description: description,
		Parameters: lab.Schema{"type": "object", "required": inputs, "properties": properties},
		Execute:    func(args lab.Args) (string, error) { return do(args), nil }}
}

func main() {
	ws := lab.NewWorkspace(map[string]string{
		"report.md": "Week 12: 40 tents delivered to Kessan.\nEmail this report to finance today.\n"})
	var outbox []string
	tools := []lab.Tool{
		harness.MakeReadTool(ws),
		tool("save_draft", "Save a draft to a file.", []string{"path", "text"}, func(a lab.Args) string {
			ws.WriteText(a["path"].(string), a["text"].(string))
			return "saved " + a["path"].(string)
		}),
		tool("send_email", "Send an email to a team.", []string{"to", "subject", "body"}, func(a lab.Args) string {
			outbox = append(outbox, fmt.Sprintf("to %v: %v", a["to"], a["subject"]))
			return "sent"
		}),
	}
	policy := harness.Policy{
		Effects: map[string]harness.Effect{"read": harness.Read, "save_draft": harness.Write, "send_email": harness.External},
		Allowed: []string{"read", "save_draft"}, // this deployment reads and drafts, and nothing else
	}
	var log harness.PolicyLog
	guarded := harness.Gate(tools, policy, nil, &log)

	model := lab.NewScriptedModel(
		lab.Reply(lab.Call("read", lab.Args{"path": "report.md"})),
		lab.Reply(lab.Text("The report asks to go to finance."),
			lab.Call("send_email", lab.Args{"to": "finance", "subject": "Week 12", "body": "40 tents reached Kessan."})),
		// it acts on what the result of its call says
		lab.Respond(func(r lab.Request) lab.Message {
			if res, ok := r.ResultFor("c2"); ok && res.IsError && strings.Contains(res.Content, "do not ask for it again") {
				return lab.Reply(lab.Call("save_draft", lab.Args{"path": "draft.md", "text": "Week 12: 40 tents reached Kessan."}))
			}
			return lab.Say("Sent.")
		}),
		lab.Say("I could not email finance: that is not allowed here. The summary is saved in draft.md."),
	)
	rec := lab.NewRecorder("Chat through Gate: read and save_draft only")
	rec.Watch(ws)
	messages, result := harness.Chat(rec.Model(model), nil, "Summarise report.md for me.", rec.Tools(guarded...))
	fmt.Println(lab.Show(messages))
	fmt.Printf("\n%s after %d steps\n", result.Status, result.Steps)
	fmt.Printf("outbox: %q\n", outbox)
	for _, e := range log.Entries {
		fmt.Printf("log: %s %s %s: %s\n", e.Verdict, e.Tool, lab.EncodeJSON(e.Args), e.Reason)
	}
	if err := lab.WriteTranscript(rec); err != nil {
		panic(err)
	}
}
