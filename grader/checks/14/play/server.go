package play

import (
	"context"
	"sync"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"harnesslab/grader/checkkit"
	"harnesslab/lab"
)

// The server's scenarios: ServeMCP driven by the SDK's client, or by lines
// written by hand.

// Greeted is what the SDK client was told in initialize: nothing (Got
// false), or the protocol version, whether the server offers tools, and its
// name.
type Greeted struct {
	Got     bool
	Version string
	Tools   bool
	Name    string
}

func playSDKClientConnects(c *checkkit.C) {
	for k, set := range checkkit.Scenario[[]checkkit.Data[string]](c) {
		local := newLocalTools("")
		var got Greeted
		served := drive(c, local.Tools, set.Data, func(_ context.Context, cs *mcp.ClientSession) error {
			if r := cs.InitializeResult(); r != nil {
				got = Greeted{Got: true, Version: r.ProtocolVersion, Tools: r.Capabilities != nil && r.Capabilities.Tools != nil}
				if r.ServerInfo != nil {
					got.Name = r.ServerInfo.Name
				}
			}
			return nil
		})
		c.Observe(Key(k, "session"), served)
		c.Observe(Key(k, "initialize"), got)
		c.Observe(Key(k, "tool runs"), local.runs.Runs())
	}
}

func playServerListsTools(c *checkkit.C) {
	for k, set := range checkkit.Scenario[[]checkkit.Data[string]](c) {
		local := newLocalTools(set.Data)
		var lists [][]lab.Spec
		served := drive(c, local.Tools, "", func(ctx context.Context, cs *mcp.ClientSession) error {
			for range 2 {
				listed, err := cs.ListTools(ctx, nil)
				if err != nil {
					return err
				}
				specs := []lab.Spec{}
				for _, t := range listed.Tools {
					schema, _ := t.InputSchema.(map[string]any)
					specs = append(specs, lab.Spec{Name: t.Name, Description: t.Description, Parameters: schema})
				}
				lists = append(lists, specs)
			}
			return nil
		})
		c.Observe(Key(k, "session"), served)
		c.Observe(Key(k, "lists"), lists)
		c.Observe(Key(k, "tool runs"), local.runs.Runs())
	}
}

// Calls is a run of server_runs_calls: the prefix of the local tools, and
// the calls the SDK client makes, one after the other.
type Calls struct {
	Prefix string    `json:"prefix"`
	Calls  []SDKCall `json:"calls"`
}

func playServerRunsCalls(c *checkkit.C) {
	for k, set := range checkkit.Scenario[[]checkkit.Data[Calls]](c) {
		local := newLocalTools(set.Data.Prefix)
		var mu sync.Mutex
		var got []SDKResult
		served := drive(c, local.Tools, "", func(ctx context.Context, cs *mcp.ClientSession) error {
			return callAll(ctx, cs, set.Data.Calls, &mu, &got)
		})
		mu.Lock()
		results := append([]SDKResult{}, got...)
		mu.Unlock()
		c.Observe(Key(k, "session"), served)
		c.Observe(Key(k, "results"), results)
		c.Observe(Key(k, "tool runs"), local.runs.Runs())
	}
}

// playRawSessions hands every session written by hand of every data set to
// ServeMCP.
func playRawSessions(c *checkkit.C) {
	for k, set := range checkkit.Scenario[[]checkkit.Data[[]Session]](c) {
		for i, s := range set.Data {
			c.Observe(ItemKey(k, "session", i), rawServe(s))
		}
	}
}
