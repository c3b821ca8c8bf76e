// Two servers from elsewhere both offer a tool called search. Offered under
// their own names, the model sees two tools with one name; the call below
// was meant for the web.
package main

import (
	"fmt"
	"io"
	"log"

	"harnesslab/lab"
	harness "harnesslab/lessons/14-tools-from-elsewhere"
)

// search is a server's search tool, answering with what it is.
func search(what string) lab.Tool {
	return lab.Tool{Name: "search", Description: "Search " + what + ".",
		Parameters: lab.Schema{"type": "object", "properties": lab.Schema{"query": lab.Schema{"type": "string"}}},
		Execute: func(args lab.Args) (string, error) {
			return fmt.Sprintf("nothing in %s on %v", what, args["query"]), nil
		}}
}

// connect starts a server offering tool, and returns its tools as the
// harness sees them.
func connect(server string, tool lab.Tool) []lab.Tool {
	clientIn, serverOut := io.Pipe()
	serverIn, clientOut := io.Pipe()
	go harness.ServeMCP([]lab.Tool{tool}, serverIn, serverOut)
	client, err := harness.ConnectMCP(server, clientIn, clientOut)
	if err != nil {
		panic(err)
	}
	tools, err := client.Tools()
	if err != nil {
		panic(err)
	}
	return tools
}

func main() {
	tools := append(connect("notes", search("the notes")), connect("web", search("the web"))...)

	// as the server named them
	bare := make([]lab.Tool, len(tools))
	for i, tool := range tools {
		bare[i] = tool
		bare[i].Name = "search"
	}
	call := lab.Call("search", lab.Args{"query": "Go 1.26 release notes"}).WithID("c1")
	rec := lab.NewRecorder("one search by the servers' names, then one by ToolName's")
	fmt.Println("offered as the servers named them:")
	for _, spec := range harness.ToolSpecs(bare) {
		fmt.Printf("  %-14s %s\n", spec.Name, spec.Description)
	}
	fmt.Printf("  search(...) -> %q\n\n", harness.RunTool(rec.Tools(bare...), call).Content)

	fmt.Println("offered as ToolName names them:")
	for _, spec := range harness.ToolSpecs(tools) {
		fmt.Printf("  %-14s %s\n", spec.Name, spec.Description)
	}
	call.Name = harness.ToolName("web", "search")
	fmt.Printf("  %s(...) -> %q\n", call.Name, harness.RunTool(rec.Tools(tools...), call).Content)
	if err := lab.WriteTranscript(rec); err != nil {
		log.Fatal(err)
	}
}
