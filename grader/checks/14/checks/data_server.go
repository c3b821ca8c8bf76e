package checks

import (
	"harnesslab/grader/checkkit"
	"harnesslab/grader/checks/14/play"
)

// The hand-written scenarios of the server's checks.

// prefixes name the two runs of each server scenario: the local tools' names
// and texts differ.
func prefixes() any {
	return []checkkit.Data[string]{
		{Name: "tools called add and fail", Data: ""},
		{Name: "other tools, other texts", Data: "x_"},
	}
}

// versions are the runs of sdk_client_connects: the SDK client as it comes,
// and one that asks for an older version.
func versions() any {
	return []checkkit.Data[string]{
		{Name: "the SDK client as it comes", Data: ""},
		{Name: "a client that asks for 2025-06-18", Data: "2025-06-18"},
	}
}

// callRuns are the runs of server_runs_calls: a working call, a failing
// tool, bad arguments, an unknown tool and a working call again, on one
// connection.
func callRuns() any {
	var out []checkkit.Data[play.Calls]
	for _, set := range prefixes().([]checkkit.Data[string]) {
		p := set.Data
		out = append(out, checkkit.Data[play.Calls]{Name: set.Name, Data: play.Calls{Prefix: p, Calls: []play.SDKCall{
			{Name: p + "add", Args: map[string]any{"a": 2, "b": 40}},
			{Name: p + "fail", Args: map[string]any{}},
			{Name: p + "add", Args: map[string]any{"a": "two", "b": 3}},
			{Name: p + "shred", Args: map[string]any{}},
			{Name: p + "add", Args: map[string]any{"a": -1, "b": 1}},
		}}})
	}
	return out
}

// initialize is an initialize request with id.
func initialize(id string) string {
	return `{"jsonrpc":"2.0","id":` + id + `,"method":"initialize","params":{"protocolVersion":"` + mcpVersion +
		`","capabilities":{},"clientInfo":{"name":"by-hand","version":"1"}}}`
}

// initialized is the notification that follows.
const initialized = `{"jsonrpc":"2.0","method":"notifications/initialized"}`

// sessions makes the data sets of a check of sessions written by hand: one
// session in each.
func sessions(sets ...checkkit.Data[play.Session]) func() any {
	return func() any {
		out := make([]checkkit.Data[[]play.Session], len(sets))
		for k, set := range sets {
			s := set.Data
			s.What = set.Name
			out[k] = checkkit.Data[[]play.Session]{Name: set.Name, Data: []play.Session{s}}
		}
		return out
	}
}

// unknownMethods are the runs of server_refuses_unknown.
var unknownMethods = sessions(
	checkkit.Data[play.Session]{Name: "string ids, and an unknown method between two known ones", Data: play.Session{
		Input: []string{initialize(`"a-1"`), initialized,
			`{"jsonrpc":"2.0","id":"x-7","method":"resources/list","params":{}}`,
			`{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":"x-7"}}`,
			`{"jsonrpc":"2.0","id":"x-8","method":"ping"}`}}},
	checkkit.Data[play.Session]{Name: "id 0, and two unknown methods", Data: play.Session{
		Input: []string{initialize(`0`), initialized,
			`{"jsonrpc":"2.0","id":5,"method":"prompts/list"}`,
			`{"jsonrpc":"2.0","method":"notifications/progress","params":{"progressToken":1,"progress":1}}`,
			`{"jsonrpc":"2.0","id":6,"method":"server/discover","params":{}}`,
			`{"jsonrpc":"2.0","id":7,"method":"ping","params":{}}`}}},
)

// badLines are the runs of server_survives_bad_lines.
var badLines = sessions(
	checkkit.Data[play.Session]{Name: "a broken line, then a last ping with no newline after it", Data: play.Session{
		Input:   []string{initialize(`20`), initialized, `{"jsonrpc":"2.0","id":21`, `{"jsonrpc":"2.0","id":22,"method":"ping"}`},
		Unended: true}},
	checkkit.Data[play.Session]{Name: "a broken line between two requests", Data: play.Session{
		Input: []string{initialize(`1`), initialized, `{"jsonrpc":"2.0","id":2,"method":`, ``, `{"jsonrpc":"2.0","id":3,"method":"ping"}`}}},
	checkkit.Data[play.Session]{Name: "plain words, then tools/list", Data: play.Session{
		Input: []string{initialize(`10`), initialized, `hello server`, `{"jsonrpc":"2.0","id":11,"method":"tools/list"}`}}},
)
