package play

import (
	"harnesslab/grader/checkkit"
	"harnesslab/lab"
)

// ClientSession is one connection of the client to a hand-written server:
// the server's name, what it answers, and the steps taken once connected.
type ClientSession struct {
	What   string `json:"what"`
	Server string `json:"server"`
	Script Script `json:"script"`
	Steps  []Step `json:"steps"`
}

// Step is one thing done with a connected client: list the tools (List),
// run the listed tool the model knows as Tool with Args, or send Method with
// Params through Call.
type Step struct {
	List   bool     `json:"list,omitempty"`
	Tool   string   `json:"tool,omitempty"`
	Args   lab.Args `json:"args,omitempty"`
	Method string   `json:"method,omitempty"`
	Params any      `json:"params,omitempty"`
}

// Stepped is what one step returned: the tools listed, what the tool's run
// returned (Missing when the last list held no such tool), or what Call
// returned.
type Stepped struct {
	Listed   *Listed   `json:",omitempty"`
	Ran      *Ran      `json:",omitempty"`
	Missing  bool      `json:",omitempty"`
	Answered *Answered `json:",omitempty"`
}

// ClientRan is what one client session did: what ConnectMCP returned, what
// each step returned, everything the client wrote, and the numbered wire.
type ClientRan struct {
	Connect Connected
	Steps   []Stepped
	Sent    string
	Wire    []string
}

// playClientSessions plays every client session of every data set, each on
// a connection of its own, one after the other in one program.
func playClientSessions(c *checkkit.C) {
	for k, set := range checkkit.Scenario[[]checkkit.Data[[]ClientSession]](c) {
		for i, cs := range set.Data {
			c.Observe(ItemKey(k, "session", i), clientSession(c, cs))
		}
	}
}

// clientSession plays one client session.
func clientSession(c *checkkit.C, cs ClientSession) ClientRan {
	s := startScripted(c, "the server", cs.Script)
	defer s.Close()
	var out ClientRan
	client, err := S.Connect(cs.Server, s.In, s.Out)
	out.Connect = Connected{Error: words(err), Client: client != nil}
	if err == nil && client != nil {
		var tools []lab.Tool
		for _, step := range cs.Steps {
			var did Stepped
			switch {
			case step.List:
				listed, err := client.Tools()
				tools = listed
				did.Listed = &Listed{Specs: checkkit.SpecsOf(listed), Error: words(err)}
			case step.Tool != "":
				tool, ok := find(tools, step.Tool)
				if !ok {
					did.Missing = true
					break
				}
				text, err := tool.Execute(lab.CloneArgs(step.Args))
				did.Ran = &Ran{Text: text, Error: words(err)}
			default:
				answered := call(client, Ask{Method: step.Method, Params: step.Params})
				did.Answered = &answered
			}
			out.Steps = append(out.Steps, did)
		}
	}
	out.Sent = s.sent.written()
	out.Wire = s.count.Lines()
	return out
}
