// Command 05 plays lesson 05's scenario against a real model: a search tool
// whose schema says what its arguments look like, and RunTool checking every
// call against it before the tool runs. The notes say how many calls the
// schema refused and how many ran.
package main

import (
	"fmt"
	"strings"

	"harnesslab/grader/runs/runkit"
	"harnesslab/lab"
	harness "harnesslab/lessons/05-the-contract"
)

// searchReports returns the search tool of the lesson, which counts its
// runs in runs.
func searchReports(runs *int) lab.Tool {
	return lab.Tool{
		Name:        "search_reports",
		Description: "Search this week's field reports by keyword. Returns how many reports mention it.",
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
	runs := 0
	var messages []lab.Message
	runkit.Main(runkit.Scenario{
		Lesson: "05",
		Run: func(model lab.Model, _ *lab.Workspace, tools func(...lab.Tool) []lab.Tool) []lab.Message {
			messages, _ = harness.Chat(model, nil, `How many reports mention flooding? Ask for the newest 20, with "limit": "20" and "sort": "newest".`, tools(searchReports(&runs)))
			return messages
		},
		Notes: func() string { return notes(messages, runs) },
	})
}

// notes lists the calls the schema refused, then how many times the tool
// ran for how many calls.
func notes(messages []lab.Message, runs int) string {
	var b strings.Builder
	calls := 0
	for _, m := range messages {
		for _, b := range m.Blocks {
			if b.Type == lab.ToolCallBlock {
				calls++
			}
		}
		if m.Role == lab.RoleToolResult && m.IsError {
			fmt.Fprintf(&b, "refused before it ran: %s\n", m.Content)
		}
	}
	fmt.Fprintf(&b, "search_reports ran %d of the %d times it was called", runs, calls)
	return b.String()
}
