// A harness connected to five servers offers 300 tools. The question needs
// three of them. What one request costs with the whole list, with a list
// filtered for the task, and with a tool-search tool that loads definitions
// on demand, in the lab's tokens.
package main

import (
	"fmt"

	"harnesslab/lab"
	harness "harnesslab/lessons/14-tools-from-elsewhere"
)

// catalog returns 60 tools for each server: an object and a verb for each,
// with a description and a schema of the size real servers send.
func catalog() []lab.Tool {
	servers := []string{"reports", "logistics", "people", "finance", "calendar"}
	objects := []string{"report", "district", "site", "team", "vehicle", "shipment", "invoice",
		"contact", "visit", "stock", "request", "alert"}
	verbs := []string{"get", "list", "search", "create", "update"}
	var tools []lab.Tool
	for _, server := range servers {
		for _, object := range objects {
			for _, verb := range verbs {
				tools = append(tools, lab.Tool{
					Name: harness.ToolName(server, verb+"_"+object),
					Description: fmt.Sprintf("%s a %s in the %s system. Returns the fields the caller asks for, "+
						"or an error naming the %s that was not found.", verb, object, server, object),
					Parameters: lab.Schema{"type": "object",
						"properties": lab.Schema{
							"id":     lab.Schema{"type": "string", "description": "The " + object + "'s id."},
							"fields": lab.Schema{"type": "array", "items": lab.Schema{"type": "string"}, "description": "Fields to return."},
						},
						"required": []any{"id"}, "additionalProperties": false},
				})
			}
		}
	}
	return tools
}

func main() {
	all := catalog()
	question := []lab.Message{harness.UserMessage("How many people live in Kessan district?")}
	need := map[string]bool{"reports__search_report": true, "reports__get_report": true, "reports__get_district": true}
	var filtered []lab.Tool
	for _, tool := range all {
		if need[tool.Name] {
			filtered = append(filtered, tool)
		}
	}
	finder := lab.Tool{Name: "find_tools",
		Description: "Search the tool catalog. Returns the names and descriptions of the tools that match.",
		Parameters: lab.Schema{"type": "object",
			"properties": lab.Schema{"query": lab.Schema{"type": "string"}},
			"required":   []any{"query"}, "additionalProperties": false}}

	bill := func(tools []lab.Tool) int {
		return harness.RequestTokens(harness.System, question, harness.ToolSpecs(tools))
	}
	none := bill(nil)
	fmt.Printf("%-38s %5s %13s %15s\n", "tools offered", "bill", "of it, tools", "ten requests")
	for _, row := range []struct {
		name  string
		tools []lab.Tool
	}{
		{"none", nil},
		{fmt.Sprintf("the whole list (%d)", len(all)), all},
		{fmt.Sprintf("filtered for the task (%d)", len(filtered)), filtered},
		{"find_tools alone", []lab.Tool{finder}},
		{"find_tools and what it found (1+3)", append([]lab.Tool{finder}, filtered...)},
	} {
		b := bill(row.tools)
		fmt.Printf("%-38s %5d %13d %15d\n", row.name, b, b-none, 10*b)
	}
}
