// Command 14 is the check program of lesson 14, "Tools from elsewhere". It is
// built together with the student's files and runs one check per call:
//
//	14 tools_named_per_server
package main

import (
	"encoding/json"
	"errors"
	"io"

	"harnesslab/grader/checkkit"
	"harnesslab/grader/checks/14/checks"
	"harnesslab/lab"
	harness "harnesslab/lessons/14-tools-from-elsewhere"
)

func main() {
	checks.S = checks.Student{
		ToolName: harness.ToolName,
		Connect: func(server string, r io.Reader, w io.Writer) (checks.Client, error) {
			c, err := harness.ConnectMCP(server, r, w)
			if err != nil || c == nil {
				return nil, err
			}
			return client{c}, nil
		},
		ServeMCP: harness.ServeMCP,
		Gate: func(tools []lab.Tool, effects map[string]string) []lab.Tool {
			p := harness.Policy{Effects: map[string]harness.Effect{}}
			for name, effect := range effects {
				p.Effects[name] = harness.Effect(effect)
				p.Allowed = append(p.Allowed, name)
			}
			return harness.Gate(tools, p, nil, &harness.PolicyLog{})
		},
		RunLoop: func(model lab.Model, messages []lab.Message, tools []lab.Tool, maxSteps int) ([]lab.Message, string) {
			out, r := harness.RunLoop(model, messages, tools, maxSteps)
			return out, string(r.Status)
		},
	}
	checkkit.Main(checks.Checks)
}

// client hands the student's client to the checks, turning an *RPCError into
// the checks' copy.
type client struct{ c *harness.MCPClient }

func (cl client) Call(method string, params any) (json.RawMessage, error) {
	raw, err := cl.c.Call(method, params)
	var rpc *harness.RPCError
	if errors.As(err, &rpc) && rpc != nil {
		return raw, &checks.RPCError{Code: rpc.Code, Message: rpc.Message, Err: err}
	}
	return raw, err
}

func (cl client) Tools() ([]lab.Tool, error) { return cl.c.Tools() }
