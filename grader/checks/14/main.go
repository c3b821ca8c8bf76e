// Command 14 is the player of lesson 14, "Tools from elsewhere". It is built
// together with the student's files, and plays one check's scenario per run,
// recording what the student's code did for the judge
// (grader/checks/14/judge), which decides:
//
//	LABRUN_SCENARIO=scenario.json 14 tools_named_per_server
package main

import (
	"encoding/json"
	"errors"
	"io"

	"harnesslab/grader/checkkit"
	"harnesslab/grader/checks/14/play"
	"harnesslab/lab"
	harness "harnesslab/lessons/14-tools-from-elsewhere"
)

func main() {
	play.S = student()
	checkkit.Main(play.Plays)
}

// student makes the play's Student of the lesson's functions, turning an
// *RPCError into the play's copy and a policy of effect classes into the
// lesson's Policy.
func student() play.Student {
	return play.Student{
		ToolName: harness.ToolName,
		Connect: func(server string, r io.Reader, w io.Writer) (play.Client, error) {
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
}

// client hands the lesson's client to the play functions, turning an
// *RPCError into the play's copy.
type client struct{ c *harness.MCPClient }

func (cl client) Call(method string, params any) (json.RawMessage, error) {
	raw, err := cl.c.Call(method, params)
	var rpc *harness.RPCError
	if errors.As(err, &rpc) && rpc != nil {
		return raw, &play.RPCError{Code: rpc.Code, Message: rpc.Message, Err: err}
	}
	return raw, err
}

func (cl client) Tools() ([]lab.Tool, error) { return cl.c.Tools() }
