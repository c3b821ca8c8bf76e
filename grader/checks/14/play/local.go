package play

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"
	"sync"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"harnesslab/grader/checkkit"
	"harnesslab/lab"
)

// Served is what happened on one connection between the SDK client and the
// server under play: what ServeMCP returned, what the SDK client met
// (connecting or in its script), everything the server wrote, whether
// ServeMCP returned while the client was still talking, and the numbered
// wire.
type Served struct {
	ServeError  *string
	ClientError *string
	Wire        string
	Early       bool
	Log         []string
}

// drive runs ServeMCP over tools, here on the check's own goroutine, and the
// official SDK's client against it on another. The client connects (asking
// for version, or the SDK's own when ""), runs script, and closes; then
// ServeMCP should see the end of its input and return.
func drive(c *checkkit.C, tools []lab.Tool, version string, script func(ctx context.Context, cs *mcp.ClientSession) error) Served {
	count := &counter{}
	serverIn, clientOut := io.Pipe()
	clientIn, serverOut := io.Pipe()
	fromClient := &tap{c: c, who: "the SDK client", w: clientOut, count: count}
	fromServer := &tap{c: c, who: "your server", w: serverOut, count: count}
	var opts *mcp.ClientSessionOptions
	if version != "" {
		opts = &mcp.ClientSessionOptions{ProtocolVersion: version}
	}
	done := make(chan error, 1)
	go func() {
		ctx := context.Background()
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
	clientErr := <-done
	return Served{ServeError: words(serveErr), ClientError: words(clientErr), Wire: fromServer.written(), Early: early, Log: count.Lines()}
}

// Raw is what ServeMCP did with input written by hand: what it wrote, what
// it returned, and the tools that ran.
type Raw struct {
	Wrote string
	Error *string
	Runs  []checkkit.ToolRun
}

// Session is a session written by hand: the lines the server reads, each
// ended by a newline unless Unended says the last has none, and the prefix
// of the local tools it serves.
type Session struct {
	What    string   `json:"what"`
	Prefix  string   `json:"prefix"`
	Input   []string `json:"input"`
	Unended bool     `json:"unended"`
	// Broken says reading fails after the last line, with an error that
	// is not the end of the input.
	Broken bool `json:"broken,omitempty"`
}

// brokenStream is a stream whose every read fails.
type brokenStream struct{}

// Read fails, as a closed pipe or a broken connection does.
func (brokenStream) Read([]byte) (int, error) {
	return 0, errors.New("the connection broke")
}

// rawServe runs ServeMCP over the local tools of s with s's lines as
// everything it reads, and records what it did.
func rawServe(s Session) Raw {
	local := newLocalTools(s.Prefix)
	out := &tap{who: "your server", w: discard{}, count: &counter{}}
	text := strings.Join(s.Input, "\n")
	if !s.Unended {
		text += "\n"
	}
	var in io.Reader = strings.NewReader(text)
	if s.Broken {
		in = io.MultiReader(in, brokenStream{})
	}
	err := S.ServeMCP(local.Tools, in, out)
	return Raw{Wrote: out.written(), Error: words(err), Runs: local.runs.Runs()}
}

// localTools are the tools the server under play offers in a scenario: an
// adder, and a tool that always fails, counted.
type localTools struct {
	Tools []lab.Tool
	runs  *checkkit.ToolRuns
}

// newLocalTools returns fresh tools for one scenario. prefix keeps the
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

// SDKCall is one call the SDK client makes: the tool's name and arguments.
type SDKCall struct {
	Name string         `json:"name"`
	Args map[string]any `json:"args"`
}

// SDKResult is what one call of the SDK client got: the result as JSON, or
// the SDK's error.
type SDKResult struct {
	Result string
	Error  *string
}

// callAll makes calls one after the other and records each.
func callAll(ctx context.Context, cs *mcp.ClientSession, calls []SDKCall, mu *sync.Mutex, got *[]SDKResult) error {
	for _, call := range calls {
		res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: call.Name, Arguments: call.Args})
		var out SDKResult
		if err != nil {
			out.Error = words(err)
		} else {
			raw, _ := json.Marshal(res)
			out.Result = string(raw)
		}
		mu.Lock()
		*got = append(*got, out)
		mu.Unlock()
		if err != nil {
			return err
		}
	}
	return nil
}
