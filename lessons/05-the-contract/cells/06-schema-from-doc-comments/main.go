// The search tool's schema written from the Go source of its arguments: names
// from json tags, types from Go's, descriptions from doc comments. Then the
// same struct with its type's doc comment gone. Once lab 3 passes, this runs
// against your code.
package main

import (
	"fmt"
	"strings"

	"harnesslab/lab"
	harness "harnesslab/lessons/05-the-contract"
)

const source = "package tools\n\n" +
	"// Search this week's field reports by keyword. Use it to find a report's id.\n" +
	"type SearchArgs struct {\n" +
	"\t// Words to find in the reports.\n" +
	"\tQuery string `json:\"query\"`\n" +
	"\t// How many reports at most; 10 if not given.\n" +
	"\tLimit *int `json:\"limit\"`\n" +
	"\t// One of health, shelter, WASH, food.\n" +
	"\tSector string `json:\"sector,omitempty\"`\n" +
	"\tTags   []string `json:\"tags,omitempty\"`\n" +
	"\tcursor string // unexported: never part of the schema\n" +
	"}\n"

func main() {
	fmt.Print(source, "\n")
	args, err := lab.ReadStruct(source, "SearchArgs")
	if err != nil {
		panic(err)
	}
	tool, err := harness.ToolOf("search_reports", args, func(lab.Args) (string, error) { return "", nil })
	if err != nil {
		panic(err)
	}
	fmt.Printf("description: %s\nparameters:  %s\n\n", tool.Description, lab.EncodeJSON(tool.Parameters))
	for _, call := range []lab.Args{
		{"query": "flooding"},
		{"query": "flooding", "limit": 0, "sector": "sanitation"},
	} {
		fmt.Printf("%-60s %v\n", lab.EncodeJSON(call), harness.Validate(tool.Parameters, call))
	}

	undocumented := strings.Replace(source, "// Search this week's field reports by keyword. Use it to find a report's id.\n", "", 1)
	args, _ = lab.ReadStruct(undocumented, "SearchArgs")
	_, err = harness.ToolOf("search_reports", args, nil)
	fmt.Printf("\nwithout the doc comment on SearchArgs: %v\n", err)
}
