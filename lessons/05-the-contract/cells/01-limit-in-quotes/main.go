// Lesson 04's harness meets a call that breaks its tool's schema in two ways:
// the limit is a string, and sort is a field the tool never reads.
package main

import (
	"fmt"
	"log"
	"strings"

	"harnesslab/lab"
	harness "harnesslab/lessons/05-the-contract"
)

// reports are this week's field reports: 14 of them mention flooding.
var reports = func() []string {
	var out []string
	for day := 1; day <= 14; day++ {
		out = append(out, fmt.Sprintf("r%02d flooding in Kessan, day %d", day, day))
	}
	return append(out, "r15 road to Dunmar open")
}()

// searchReports is a search tool with a tight schema. Its Execute reads the
// limit the usual Go way, and falls back to 3 when the assertion fails.
func searchReports() lab.Tool {
	return lab.Tool{
		Name:        "search_reports",
		Description: "Search this week's field reports by keyword. Returns matching lines, oldest first.",
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
			query, _ := args["query"].(string)
			limit, ok := args["limit"].(float64) // JSON numbers arrive as float64
			if !ok {
				limit = 3 // the default
			}
			var found []string
			for _, r := range reports {
				if strings.Contains(r, query) && len(found) < int(limit) {
					found = append(found, r)
				}
			}
			return strings.Join(found, "\n"), nil
		},
	}
}

// runTool is RunTool as lesson 04 left it, with the missing-input check.
func runTool(tools []lab.Tool, call lab.Block) lab.Message {
	result := lab.Message{Role: lab.RoleToolResult, ToolCallID: call.ID, ToolName: call.Name}
	tool := tools[0]
	for _, input := range lab.Required(tool.Parameters) {
		if _, ok := call.Arguments[input]; !ok {
			result.Content, result.IsError = "Error: missing input "+input, true
			return result
		}
	}
	result.Content, _ = tool.Execute(call.Arguments)
	return result
}

func main() {
	call := lab.Call("search_reports", lab.Args{"query": "flooding", "limit": "20", "sort": "newest"}).WithID("c1")
	rec := lab.NewRecorder("lesson 04's RunTool runs the call as the model sent it")
	result := runTool(rec.Tools(searchReports()), call)
	lines := strings.Split(result.Content, "\n")
	fmt.Println(lab.ShowBlock(call))
	fmt.Printf("%s (error: %v)\n", lab.Show([]lab.Message{result}), result.IsError)
	fmt.Printf("the model reads %d reports and answers: %q\n", len(lines),
		fmt.Sprintf("%d reports mention flooding; the latest is from day %d.", len(lines), len(lines)))
	fmt.Println("the truth: 14 reports mention flooding; the latest is from day 14.")
	fmt.Println()
	schema := searchReports().Parameters
	fmt.Println("Validate, on the arguments as sent:", harness.Validate(schema, call.Arguments))
	delete(call.Arguments, "sort")
	fmt.Println("Validate, once sort is gone:       ", harness.Validate(schema, call.Arguments))
	if err := lab.WriteTranscript(rec); err != nil {
		log.Fatal(err)
	}
}
