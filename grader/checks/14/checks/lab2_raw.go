package checks

import (
	"encoding/json"
	"fmt"

	"harnesslab/grader/checkkit"
)

// rawCase is one scenario of a session written by hand: the lines sent, and
// the answers expected, as id, then result or error code.
type rawCase struct {
	Input []string
	Want  []answer
	// Unended says the input ends right after its last line, with no
	// newline, as a client that closes its stream may leave it.
	Unended bool
}

// answer is what the checks expect of one answer line: its id (as JSON), and
// either its result (as JSON) or its error code.
type answer struct {
	ID     string
	Result string
	Code   int
}

// initialize is an initialize request with id.
func initialize(id string) string {
	return `{"jsonrpc":"2.0","id":` + id + `,"method":"initialize","params":{"protocolVersion":"` + mcpVersion +
		`","capabilities":{},"clientInfo":{"name":"by-hand","version":"1"}}}`
}

// initialized is the notification that follows.
const initialized = `{"jsonrpc":"2.0","method":"notifications/initialized"}`

// wantInit is the JSON of the answer to initialize, built from the kit's
// own values.
func wantInit() string {
	raw, _ := json.Marshal(map[string]any{
		"protocolVersion": mcpVersion,
		"capabilities":    map[string]any{"tools": map[string]any{}},
		"serverInfo":      map[string]any{"name": serverName, "version": "1.0.0"},
	})
	return string(raw)
}

// got turns answer lines into what the checks compare: results as canonical
// JSON, and the error code alone (the message is the server's own).
func got(sent []rpc) []answer {
	out := make([]answer, 0, len(sent))
	for _, m := range sent {
		a := answer{ID: canonical(m.ID)}
		if m.Error != nil {
			a.Code = m.Error.Code
		} else {
			a.Result = canonical(m.Result)
		}
		out = append(out, a)
	}
	return out
}

// canonical rewrites a JSON value with sorted keys and no spaces.
func canonical(raw json.RawMessage) string {
	if raw == nil {
		return ""
	}
	var v any
	if json.Unmarshal(raw, &v) != nil {
		return string(raw)
	}
	out, _ := json.Marshal(v)
	return string(out)
}

// checkRaw runs one hand-written session and compares every answer.
func checkRaw(c *checkkit.C, sentence string, rc rawCase) {
	local := newLocalTools("")
	written, err := rawServe(c, local.Tools, rc.Input, rc.Unended)
	if err != nil {
		c.Errorf("ServeMCP returned the error %v; it should answer every line and return nil when its input ends.", err)
	}
	sent, problems := lines("your server", written)
	for _, p := range problems {
		c.Errorf("%s", p)
	}
	want := make([]answer, len(rc.Want))
	for i, a := range rc.Want {
		want[i] = answer{ID: canonical(json.RawMessage(a.ID)), Result: canonical(json.RawMessage(a.Result)), Code: a.Code}
		if a.Result == "" {
			want[i].Result = ""
		}
	}
	if rc.Unended {
		sentence += " The input ended right after the last request, with no newline: that request is a line all the same, " +
			"so answer what ReadBytes returned before you stop at the end of input."
	}
	c.Equal(sentence, want, got(sent))
	c.Equal("No tool should run in this session.", 0, len(local.runs.Runs()))
}

// serverRefusesUnknown: a request for a method the server does not offer
// gets the error -32601 with the request's own id; a notification gets no
// answer at all; the server goes on answering after both.
func serverRefusesUnknown(c *checkkit.C) {
	cases := []checkkit.Data[rawCase]{
		{Name: "string ids, and an unknown method between two known ones", Data: rawCase{
			Input: []string{initialize(`"a-1"`), initialized,
				`{"jsonrpc":"2.0","id":"x-7","method":"resources/list","params":{}}`,
				`{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":"x-7"}}`,
				`{"jsonrpc":"2.0","id":"x-8","method":"ping"}`},
			Want: []answer{{ID: `"a-1"`, Result: wantInit()}, {ID: `"x-7"`, Code: methodMissing}, {ID: `"x-8"`, Result: `{}`}}}},
		{Name: "id 0, and two unknown methods", Data: rawCase{
			Input: []string{initialize(`0`), initialized,
				`{"jsonrpc":"2.0","id":5,"method":"prompts/list"}`,
				`{"jsonrpc":"2.0","method":"notifications/progress","params":{"progressToken":1,"progress":1}}`,
				`{"jsonrpc":"2.0","id":6,"method":"server/discover","params":{}}`,
				`{"jsonrpc":"2.0","id":7,"method":"ping","params":{}}`},
			Want: []answer{{ID: `0`, Result: wantInit()}, {ID: `5`, Code: methodMissing}, {ID: `6`, Code: methodMissing}, {ID: `7`, Result: `{}`}}}},
	}
	checkkit.Scenarios(c, cases, func(rc rawCase) {
		checkRaw(c, fmt.Sprintf("Each request should get exactly one answer quoting its id (an unknown method the error %d), and each notification none.", methodMissing), rc)
	})
}

// serverSurvivesBadLines: a line that is not JSON gets the error -32700
// with a null id, blank lines are skipped, and answers go on, one a line.
func serverSurvivesBadLines(c *checkkit.C) {
	cases := []checkkit.Data[rawCase]{
		{Name: "a broken line, then a last ping with no newline after it", Data: rawCase{
			Input:   []string{initialize(`20`), initialized, `{"jsonrpc":"2.0","id":21`, `{"jsonrpc":"2.0","id":22,"method":"ping"}`},
			Want:    []answer{{ID: `20`, Result: wantInit()}, {ID: `null`, Code: parseError}, {ID: `22`, Result: `{}`}},
			Unended: true}},
		{Name: "a broken line between two requests", Data: rawCase{
			Input: []string{initialize(`1`), initialized, `{"jsonrpc":"2.0","id":2,"method":`, ``, `{"jsonrpc":"2.0","id":3,"method":"ping"}`},
			Want:  []answer{{ID: `1`, Result: wantInit()}, {ID: `null`, Code: parseError}, {ID: `3`, Result: `{}`}}}},
		{Name: "plain words, then tools/list", Data: rawCase{
			Input: []string{initialize(`10`), initialized, `hello server`, `{"jsonrpc":"2.0","id":11,"method":"tools/list"}`},
			Want: []answer{{ID: `10`, Result: wantInit()}, {ID: `null`, Code: parseError},
				{ID: `11`, Result: `{"tools":[{"name":"add","description":"Add two whole numbers. ","inputSchema":{"type":"object","properties":{"a":{"type":"integer"},"b":{"type":"integer"}},"required":["a","b"],"additionalProperties":false}},{"name":"fail","description":"Always fails.","inputSchema":{"type":"object","properties":{}}}]}`}}}},
	}
	checkkit.Scenarios(c, cases, func(rc rawCase) {
		checkRaw(c, fmt.Sprintf("A line that is not JSON should get the error %d with id null, and every request after it its answer.", parseError), rc)
	})
}
