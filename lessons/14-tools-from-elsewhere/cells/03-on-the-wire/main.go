// The client and the server of this lesson, talking over two pipes. Every
// line either side writes is printed as it goes: this is all MCP over stdio
// is, one JSON-RPC message a line.
package main

import (
	"fmt"
	"io"
	"log"
	"strings"
	"sync"

	"harnesslab/lab"
	harness "harnesslab/lessons/14-tools-from-elsewhere"
)

// printer passes what it is given on to w, and prints it, marked with who.
type printer struct {
	who string
	w   io.Writer
	mu  *sync.Mutex
}

func (p printer) Write(b []byte) (int, error) {
	p.mu.Lock()
	fmt.Printf("%s %s\n", p.who, strings.TrimSuffix(string(b), "\n"))
	p.mu.Unlock()
	return p.w.Write(b)
}

func main() {
	clock := lab.Tool{Name: "today", Description: "Today's date.",
		Parameters: lab.Schema{"type": "object", "properties": lab.Schema{}},
		Execute:    func(lab.Args) (string, error) { return "2026-12-01", nil }}

	var mu sync.Mutex
	clientIn, serverOut := io.Pipe()
	serverIn, clientOut := io.Pipe()
	done := make(chan struct{})
	go func() {
		harness.ServeMCP([]lab.Tool{clock}, serverIn, printer{"server ->", serverOut, &mu})
		close(done)
	}()
	client, err := harness.ConnectMCP("clock", clientIn, printer{"client ->", clientOut, &mu})
	if err != nil {
		panic(err)
	}
	tools, _ := client.Tools()
	rec := lab.NewRecorder("one call to the clock server")
	text, err := rec.Tools(tools[0])[0].Execute(lab.Args{})
	clientOut.Close() // the end of the server's input: it returns
	<-done
	fmt.Printf("\n%s() returned %q, error %v\n", tools[0].Name, text, err)
	if err := lab.WriteTranscript(rec); err != nil {
		log.Fatal(err)
	}
}
