package checks

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"strings"
	"sync"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"harnesslab/grader/checkkit"
	"harnesslab/lab"
)

// discard is a WriteCloser that keeps nothing, under a tap that keeps it all.
type discard struct{}

func (discard) Write(p []byte) (int, error) { return len(p), nil }
func (discard) Close() error                { return nil }

// drive runs the student's ServeMCP over tools, here on the check's own
// goroutine, and the official SDK's client against it on another. The
// client connects (with options opts), runs script, and closes; then
// ServeMCP should see the end of its input and return. What the client got
// is the script's to record; what happened on the connection comes back.
func drive(c *checkkit.C, tools []lab.Tool, opts *mcp.ClientSessionOptions, script func(ctx context.Context, cs *mcp.ClientSession) error) served {
	count := &counter{}
	serverIn, clientOut := io.Pipe()
	clientIn, serverOut := io.Pipe()
	fromClient := &tap{c: c, who: "the SDK client", w: clientOut, count: count}
	fromServer := &tap{c: c, who: "your server", w: serverOut, count: count}

	done := make(chan error, 1)
	go func() {
		ctx, cancel := context.WithTimeout(context.Background(), patience*time.Second)
		defer cancel()
		client := mcp.NewClient(&mcp.Implementation{Name: "sdk-client", Version: "1.8.0"}, nil)
		cs, err := client.Connect(ctx, &mcp.IOTransport{Reader: clientIn, Writer: fromClient}, opts)
		if err == nil {
			err = script(ctx, cs)
		}
		if cs != nil {
			cs.Close()
		}
		fromClient.Close() // the end of the server's input
		done <- err
	}()
	serveErr := S.ServeMCP(tools, serverIn, fromServer)
	early := !fromClient.closed.Load() // its input had not ended
	serverIn.Close()
	serverOut.Close()
	return served{serveErr: serveErr, clientErr: <-done, wire: fromServer, early: early}
}

// served is what happened on one connection between the SDK client and the
// student's server.
type served struct {
	serveErr  error // what ServeMCP returned
	clientErr error // what the SDK client met, connecting or in its script
	wire      *tap  // what the server wrote
	early     bool  // ServeMCP returned while the client was still talking
}

// rawServe runs the student's ServeMCP over tools with input as everything
// it reads, each line ended by a newline unless unended says the last has
// none, and returns what it wrote.
func rawServe(c *checkkit.C, tools []lab.Tool, input []string, unended bool) (string, error) {
	count := &counter{}
	out := &tap{who: "your server", w: discard{}, count: count}
	text := strings.Join(input, "\n")
	if !unended {
		text += "\n"
	}
	err := S.ServeMCP(tools, strings.NewReader(text), out)
	c.Logf("the check wrote these lines:\n%s", checkkit.Indent(strings.Join(input, "\n")))
	if unended {
		c.Logf("(the last line had no newline: the input ended right after it)")
	}
	c.Logf("your server wrote:\n%s", checkkit.Indent(out.written()))
	return out.written(), err
}

// localTools are the tools the student's server offers in a scenario: an
// adder that counts, and a tool that always fails.
type localTools struct {
	Tools []lab.Tool
	runs  *checkkit.ToolRuns
}

// newLocalTools returns fresh tools for one scenario. prefix keeps the two
// scenarios' names and texts apart.
func newLocalTools(prefix string) localTools {
	add := lab.Tool{
		Name:        prefix + "add",
		Description: "Add two whole numbers. " + prefix,
		Parameters: lab.Schema{"type": "object", "properties": lab.Schema{
			"a": lab.Schema{"type": "integer"}, "b": lab.Schema{"type": "integer"}},
			"required": []string{"a", "b"}, "additionalProperties": false},
		Execute: func(args lab.Args) (string, error) {
			a, _ := args["a"].(float64)
			b, _ := args["b"].(float64)
			return fmt.Sprintf("%s%g", prefix, a+b), nil
		},
	}
	fail := lab.Tool{
		Name:        prefix + "fail",
		Description: "Always fails.",
		Parameters:  lab.Schema{"type": "object", "properties": lab.Schema{}},
		Execute: func(lab.Args) (string, error) {
			return "", fmt.Errorf("%sout of paper", prefix)
		},
	}
	runs := &checkkit.ToolRuns{}
	return localTools{Tools: runs.Wrap(add, fail), runs: runs}
}

// callRecord is one call the SDK client made, and what came back.
type callRecord struct {
	Name   string
	Args   map[string]any
	Result string // the result as JSON, or the SDK's error
}

// wantResult is the JSON of a tools/call result: one text block, and
// isError when set.
func wantResult(text string, isError bool) string {
	raw, _ := json.Marshal(&mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: text}}, IsError: isError})
	return string(raw)
}

// callAll makes calls one after the other and records each.
func callAll(ctx context.Context, cs *mcp.ClientSession, calls []callRecord, mu *sync.Mutex, got *[]callRecord) error {
	for _, call := range calls {
		res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: call.Name, Arguments: call.Args})
		text := ""
		if err != nil {
			text = "the SDK client's error: " + err.Error()
		} else {
			raw, _ := json.Marshal(res)
			text = string(raw)
		}
		mu.Lock()
		*got = append(*got, callRecord{Name: call.Name, Args: call.Args, Result: text})
		mu.Unlock()
		if err != nil {
			return err
		}
	}
	return nil
}
