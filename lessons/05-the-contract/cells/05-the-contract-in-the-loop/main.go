// The model sends its limit in quotes, reads the error, and fixes its call.
// Once lab 2 passes, this runs against your code.
package main

import (
	"fmt"
	"log"
	"strings"

	"harnesslab/lab"
	harness "harnesslab/lessons/05-the-contract"
)

// searchReports returns a search tool that counts how often it runs.
func searchReports(runs *int) lab.Tool {
	return lab.Tool{
		Name:        "search_reports",
		Description: "Search this week's field reports by keyword.",
		Parameters: lab.Schema{
			"type": "object",
			"properties": lab.Schema{
				"query": lab.Schema{"type": "string"},
				"limit": lab.Schema{"type": "integer", "minimum": 1, "maximum": 50},
			},
			"required":             []string{"query"},
			"additionalProperties": false,
		},
		Execute: func(args lab.Args) (string, error) {
			*runs++
			return fmt.Sprintf("14 reports mention %v; showing %v", args["query"], args["limit"]), nil
		},
	}
}

func main() {
	model := lab.NewScriptedModel(
		lab.Reply(lab.Call("search_reports", lab.Args{"query": "flooding", "limit": "20"})),
		lab.Respond(func(r lab.Request) lab.Message {
			last := r.Messages[len(r.Messages)-1]
			if last.IsError && strings.Contains(last.Content, "/limit") {
				return lab.Reply(lab.Call("search_reports", lab.Args{"query": "flooding", "limit": 20.0}))
			}
			return lab.Say("I could not search.")
		}),
		lab.Say("14 reports mention flooding this week."),
	)
	runs := 0
	rec := lab.NewRecorder("Chat with Validate in RunTool: the limit in quotes")
	messages, result := harness.Chat(rec.Model(model), nil, "How many reports mention flooding?", rec.Tools(searchReports(&runs)))
	fmt.Println(lab.Show(messages))
	fmt.Printf("\n%s after %d steps; the search ran %d time, with arguments that keep to its schema\n", result.Status, result.Steps, runs)
	if err := lab.WriteTranscript(rec); err != nil {
		log.Fatal(err)
	}
}
