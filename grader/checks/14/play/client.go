package play

import (
	"errors"
	"fmt"
	"sync"

	"harnesslab/grader/checkkit"
	"harnesslab/lab"
)

// The client's scenarios: ConnectMCP and its client held against a server
// built with the SDK, or one written by hand.

// Handshake is a run of connect_shakes_hands: an SDK server to connect to,
// then a hand-written server that refuses initialize with Refusal (the JSON
// after the id).
type Handshake struct {
	Server  Server `json:"server"`
	Refusal string `json:"refusal"`
}

func playConnectShakesHands(c *checkkit.C) {
	for k, set := range checkkit.Scenario[[]checkkit.Data[Handshake]](c) {
		h := set.Data
		r := startRemote(c, h.Server.Tools)
		client := connect(c, Key(k, "connect"), r.In, r.Out, h.Server.Name)
		c.Observe(Key(k, "initialize"), r.initialized())
		c.Observe(Key(k, "sent"), r.client.written())
		c.Observe(Key(k, "wire"), r.count.Lines())
		r.Close()
		if client == nil {
			return
		}
		s := startScripted(c, "the refusing server", Script{Answers: map[string][]string{"initialize": {h.Refusal}}})
		refused, err := S.Connect(h.Server.Name, s.In, s.Out)
		c.Observe(Key(k, "refused"), Connected{Error: words(err), Client: refused != nil})
		c.Observe(Key(k, "sent to the refusing server"), s.sent.written())
		c.Observe(Key(k, "refusing wire"), s.count.Lines())
		s.Close()
	}
}

func playClientWritesLines(c *checkkit.C) {
	for k, set := range checkkit.Scenario[[]checkkit.Data[Server]](c) {
		s := set.Data
		r := startRemote(c, s.Tools)
		client := connect(c, Key(k, "connect"), r.In, r.Out, s.Name)
		if client != nil {
			if tools, ok := list(c, Key(k, "tools"), client); ok {
				for _, t := range tools {
					_, _ = t.Execute(lab.Args{})
				}
			}
		}
		c.Observe(Key(k, "sent"), r.client.written())
		c.Observe(Key(k, "wire"), r.count.Lines())
		r.Close()
		if client == nil {
			return
		}
	}
}

// Pair is a run of tools_named_per_server: servers connected one after the
// other, and the server and tool handed to ToolName.
type Pair struct {
	Servers []Server  `json:"servers"`
	Probe   [2]string `json:"probe"`
}

func playToolsNamedPerServer(c *checkkit.C) {
	for k, set := range checkkit.Scenario[[]checkkit.Data[Pair]](c) {
		for i, s := range set.Data.Servers {
			r := startRemote(c, s.Tools)
			client := connect(c, Key(k, fmt.Sprintf("server %d, connect", i+1)), r.In, r.Out, s.Name)
			if client == nil {
				r.Close()
				return
			}
			first, ok := list(c, Key(k, fmt.Sprintf("server %d, first list", i+1)), client)
			if !ok {
				r.Close()
				return
			}
			// What the caller does with one list must not show in the next.
			for i := range first {
				first[i].Description = "changed by the caller"
				if first[i].Parameters != nil {
					first[i].Parameters["type"] = "changed by the caller"
				}
			}
			_, ok = list(c, Key(k, fmt.Sprintf("server %d, second list", i+1)), client)
			r.Close()
			if !ok {
				return
			}
		}
		c.Observe(Key(k, "ToolName"), S.ToolName(set.Data.Probe[0], set.Data.Probe[1]))
	}
}

// Reach is a run of call_reaches_tool and result_content_joined: a server,
// the tool the model calls (by the name it sees) and its arguments. Twice
// says the call is then run twice at once.
type Reach struct {
	Server Server   `json:"server"`
	Tool   string   `json:"tool"`
	Args   lab.Args `json:"args"`
	Twice  bool     `json:"twice"`
}

// connected starts an SDK server for s, connects to it and lists its tools,
// recording each step under run k. It returns the server and the tools, or
// nil tools when there is nothing to go on with.
func connected(c *checkkit.C, k int, s Server) (*remote, []lab.Tool) {
	r := startRemote(c, s.Tools)
	client := connect(c, Key(k, "connect"), r.In, r.Out, s.Name)
	if client == nil {
		return r, nil
	}
	tools, ok := list(c, Key(k, "tools"), client)
	if !ok {
		return r, nil
	}
	return r, tools
}

func playReach(c *checkkit.C) {
	for k, set := range checkkit.Scenario[[]checkkit.Data[Reach]](c) {
		re := set.Data
		r, tools := connected(c, k, re.Server)
		tool, ok := find(tools, re.Tool)
		if !ok {
			r.Close()
			return
		}
		tool = c.Record("the client's tool: " + re.Tool).Tools(tool)[0]
		text, err := tool.Execute(lab.CloneArgs(re.Args))
		c.Observe(Key(k, "call"), Ran{Text: text, Error: words(err)})
		c.Observe(Key(k, "server calls"), r.Calls())
		if re.Twice {
			// Lesson 11 runs read-only calls side by side: two calls of
			// one server at once must each get their own answer.
			var wg sync.WaitGroup
			twice := make([]Ran, 2)
			for i := range 2 {
				wg.Add(1)
				go func() {
					defer wg.Done()
					text, err := tool.Execute(lab.CloneArgs(re.Args))
					twice[i] = Ran{Text: text, Error: words(err)}
				}()
			}
			wg.Wait()
			c.Observe(Key(k, "two calls at once"), twice)
		}
		c.Observe(Key(k, "wire"), r.count.Lines())
		r.Close()
	}
}

func playCallReachesTool(c *checkkit.C)     { playReach(c) }
func playResultContentJoined(c *checkkit.C) { playReach(c) }

// Loop is a run of RunLoop over a server's tools: the server, the policy
// (the tools it allows, by class; nil for no Gate at all), the question, the
// model's replies and the step budget.
type Loop struct {
	Server   Server            `json:"server"`
	Effects  map[string]string `json:"effects"`
	Question string            `json:"question"`
	Replies  []lab.Message     `json:"replies"`
	MaxSteps int               `json:"max_steps"`
	Withdraw string            `json:"withdraw,omitempty"` // a tool the server withdraws after it is listed
}

// runLoop hands l's tools (gated when l has a policy) to RunLoop with l's
// scripted model, and records the list, the status and the server's calls.
func runLoop(c *checkkit.C, k int, l Loop) {
	r, tools := connected(c, k, l.Server)
	defer r.Close()
	if tools == nil {
		return
	}
	if l.Withdraw != "" {
		r.removeTool(l.Withdraw)
	}
	if l.Effects != nil {
		tools = S.Gate(tools, l.Effects)
	}
	steps := make([]lab.Step, len(l.Replies))
	for i, m := range l.Replies {
		steps[i] = m
	}
	model := lab.NewScriptedModel(steps...)
	rec := c.Record("RunLoop with the tools of the server " + l.Server.Name)
	messages, status := S.RunLoop(rec.Model(model), []lab.Message{lab.User(l.Question)}, rec.Tools(tools...), l.MaxSteps)
	c.Observe(Key(k, "loop"), Looped{Messages: messages, Status: status})
	c.Observe(Key(k, "server calls"), r.Calls())
	c.Observe(Key(k, "wire"), r.count.Lines())
}

func playLoops(c *checkkit.C) {
	for k, set := range checkkit.Scenario[[]checkkit.Data[Loop]](c) {
		runLoop(c, k, set.Data)
	}
}

func playIsErrorKept(c *checkkit.C)            { playLoops(c) }
func playPolicyRulesServerTools(c *checkkit.C) { playLoops(c) }
func playArgumentsCheckedFirst(c *checkkit.C)  { playLoops(c) }

// Asking is a run of error_response_is_error: requests the server answers
// with an error response, sent through Call, then a loop over its tools
// that calls one it withdrew after listing it.
type Asking struct {
	Asks []Ask `json:"asks"`
	Loop Loop  `json:"loop"`
}

// Ask is one request sent through Call.
type Ask struct {
	Method string `json:"method"`
	Params any    `json:"params"`
}

func playErrorResponseIsError(c *checkkit.C) {
	for k, set := range checkkit.Scenario[[]checkkit.Data[Asking]](c) {
		a := set.Data
		r := startRemote(c, a.Loop.Server.Tools)
		client := connect(c, Key(k, "connect"), r.In, r.Out, a.Loop.Server.Name)
		if client == nil {
			r.Close()
			return
		}
		for i, ask := range a.Asks {
			c.Observe(ItemKey(k, "request", i), call(client, ask))
		}
		c.Observe(Key(k, "wire"), r.count.Lines())
		r.Close()
		runLoop(c, k, a.Loop)
	}
}

// call sends ask through Call and records what came back.
func call(client Client, ask Ask) Answered {
	raw, err := client.Call(ask.Method, ask.Params)
	out := Answered{Raw: string(raw), Error: words(err)}
	var rpc *RPCError
	if errors.As(err, &rpc) {
		out.RPC, out.Code, out.Message = true, rpc.Code, rpc.Message
	}
	return out
}

// Matched is a run of answer_matched_by_id: a hand-written server that
// writes noise before each answer.
type Matched struct {
	Server string `json:"server"`
	Script Script `json:"script"`
}

func playAnswerMatchedByID(c *checkkit.C) {
	for k, set := range checkkit.Scenario[[]checkkit.Data[Matched]](c) {
		s := startScripted(c, "the server", set.Data.Script)
		client := connect(c, Key(k, "connect"), s.In, s.Out, set.Data.Server)
		if client != nil {
			list(c, Key(k, "tools"), client)
		}
		c.Observe(Key(k, "wire"), s.count.Lines())
		s.Close()
		if client == nil {
			return
		}
	}
}
