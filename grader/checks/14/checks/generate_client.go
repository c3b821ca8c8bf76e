package checks

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"

	"pgregory.net/rapid"

	"harnesslab/grader/checkkit"
	"harnesslab/grader/checks/14/play"
	"harnesslab/lab"
)

// Generated client sessions: the client's rules combined in ways no
// hand-written case holds. Each is made from a fixed seed, so every run
// hands out the same ones, and they are played smallest first, so the first
// difference reported is the smallest found.

// generatedClientCount is how many client sessions client_agrees plays, in
// two data sets.
const generatedClientCount = 40

// bigText is a text longer than any buffer a line reader starts with
// (bufio's 4096 bytes) and than bufio.Scanner's largest token (64 KiB).
var bigText = strings.Repeat("0123456789abcdef", 4200) // 67200 bytes

// genServerNames are the names a generated server is known by.
var genServerNames = []string{"notes", "web-2", "x", "Files_v2", "a-b-c"}

// genToolNames are the names a generated server gives its tools.
var genToolNames = []string{"search", "fetch", "read_file", "delete", "search-2", "é_tool"}

// genText draws the text of a content block: empty, plain, with newlines of
// its own, multi-byte, or past every buffer.
func genText(t *rapid.T) string {
	return rapid.SampledFrom([]string{"", "ok", "line one\nline two\n", "Réglé ✓", "{\"id\":1}", bigText}).Draw(t, "text")
}

// genBlocks draws the content of a result: none, or up to four blocks of
// text, image and audio.
func genBlocks(t *rapid.T) []map[string]any {
	blocks := []map[string]any{}
	for range rapid.IntRange(0, 4).Draw(t, "blocks") {
		switch rapid.IntRange(0, 5).Draw(t, "block type") {
		case 0:
			blocks = append(blocks, map[string]any{"type": "image", "data": "AQI=", "mimeType": "image/png"})
		case 1:
			blocks = append(blocks, map[string]any{"type": "audio", "data": "AQI=", "mimeType": "audio/wav"})
		default:
			blocks = append(blocks, map[string]any{"type": "text", "text": genText(t)})
		}
	}
	return blocks
}

// callAnswer is one generated answer to tools/call: a result (Blocks,
// IsError) or an error response (Code and Message set).
type callAnswer struct {
	Blocks  []map[string]any
	IsError bool
	Code    int
	Message string
}

// json is the answer as the hand-written server writes it after the id.
func (a callAnswer) json() string {
	if a.Message != "" {
		return refusal(a.Code, a.Message)
	}
	value := map[string]any{"content": a.Blocks}
	if a.IsError {
		value["isError"] = true
	}
	raw, _ := json.Marshal(value)
	return result(string(raw))
}

// genCallAnswer draws an answer to tools/call.
func genCallAnswer(t *rapid.T) callAnswer {
	switch rapid.IntRange(0, 5).Draw(t, "answer kind") {
	case 0:
		return callAnswer{Code: rapid.SampledFrom([]int{-32602, -32603, -32000}).Draw(t, "code"),
			Message: rapid.SampledFrom([]string{"unknown tool", "Server is busy", "invalid params: é"}).Draw(t, "message")}
	case 1:
		return callAnswer{Blocks: genBlocks(t), IsError: true}
	}
	return callAnswer{Blocks: genBlocks(t)}
}

// genNoise draws the lines a server writes before one answer: a
// notification, a request of its own (with the request's id or another), an
// error or a result answering another id, or one with id null.
func genNoise(t *rapid.T) []string {
	kinds := []string{
		`{"jsonrpc":"2.0","method":"notifications/message","params":{"level":"info","data":"working"}}`,
		`{"jsonrpc":"2.0","method":"notifications/tools/list_changed"}`,
		`{"jsonrpc":"2.0","method":"notifications/progress","params":{"progressToken":1,"progress":0.5}}`,
		`{"jsonrpc":"2.0","id":$ID,"method":"ping"}`,
		`{"jsonrpc":"2.0","id":$OTHER,"method":"sampling/createMessage","params":{"messages":[]}}`,
		`{"jsonrpc":"2.0","id":$OTHER,"error":{"code":-32603,"message":"request cancelled"}}`,
		`{"jsonrpc":"2.0","id":$OTHER2,"result":{"tools":[{"name":"decoy","inputSchema":{"type":"object"}}],"content":[{"type":"text","text":"decoy"}]}}`,
		`{"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":"Parse error"}}`,
		``,
		`   `,
	}
	var out []string
	for range rapid.IntRange(0, 6).Draw(t, "noise")/2 + rapid.IntRange(0, 1).Draw(t, "more noise")*2 {
		out = append(out, rapid.SampledFrom(kinds).Draw(t, "noise line"))
	}
	return out
}

// genSchema draws a tool's input schema.
func genSchema(t *rapid.T) map[string]any {
	switch rapid.IntRange(0, 3).Draw(t, "schema") {
	case 0:
		return map[string]any{"type": "object"}
	case 1:
		return map[string]any{"type": "object", "properties": map[string]any{}}
	}
	return map[string]any{"type": "object", "properties": map[string]any{
		"q":     map[string]any{"type": "string", "description": "Words to look for."},
		"limit": map[string]any{"type": "integer", "minimum": 1}},
		"required": []any{"q"}, "additionalProperties": rapid.Bool().Draw(t, "additional")}
}

// clientGen generates a client session: a server's name and tools, noise
// before its answers, an initialize it may refuse, and steps: a list, then
// runs of listed tools and of tools it never listed, requests sent through
// Call, and lists again.
var clientGen = rapid.Custom(func(t *rapid.T) play.ClientSession {
	cs := play.ClientSession{Server: rapid.SampledFrom(genServerNames).Draw(t, "server")}
	init := result(`{"protocolVersion":"` + mcpVersion + `","capabilities":{"tools":{}},"serverInfo":{"name":"hand","version":"1"}}`)
	if rapid.IntRange(0, 9).Draw(t, "refuse") == 0 {
		init = refusal(-32602, "Unsupported protocol version")
	}
	var tools []map[string]any
	for _, name := range rapid.SliceOfNDistinct(rapid.SampledFrom(genToolNames), 0, 4, rapid.ID[string]).Draw(t, "tools") {
		tool := map[string]any{"name": name, "inputSchema": genSchema(t)}
		if d := rapid.SampledFrom([]string{"", "Search.", poisoned, "Fetch a page.\nSecond line."}).Draw(t, "description"); d != "" {
			tool["description"] = d
		}
		tools = append(tools, tool)
	}
	listed, _ := json.Marshal(map[string]any{"tools": append([]map[string]any{}, tools...)})
	cs.Script = play.Script{Answers: map[string][]string{"initialize": {init}, "tools/list": {result(string(listed))}}}
	cs.Steps = []play.Step{{List: true}}
	for range rapid.IntRange(0, 6).Draw(t, "steps") {
		switch kind := rapid.IntRange(0, 9).Draw(t, "step"); {
		case kind < 6 && len(tools) > 0:
			tool := rapid.SampledFrom(tools).Draw(t, "tool")["name"].(string)
			args := lab.Args{}
			if rapid.Bool().Draw(t, "with args") {
				args = lab.Args{"q": rapid.SampledFrom([]string{"ada", "", "é ✓", bigText}).Draw(t, "q"), "limit": 2}
			}
			cs.Steps = append(cs.Steps, play.Step{Tool: cs.Server + separator + tool, Args: args})
			cs.Script.Answers["tools/call"] = append(cs.Script.Answers["tools/call"], genCallAnswer(t).json())
		case kind < 7:
			cs.Steps = append(cs.Steps, play.Step{Tool: cs.Server + separator + "never_listed", Args: lab.Args{}})
		case kind < 9:
			cs.Steps = append(cs.Steps, play.Step{Method: rapid.SampledFrom([]string{"ping", "resources/list", "prompts/get"}).Draw(t, "method"),
				Params: map[string]any{"cursor": rapid.SampledFrom([]string{"", "c1"}).Draw(t, "cursor")}})
		default:
			cs.Steps = append(cs.Steps, play.Step{List: true})
		}
	}
	for range len(cs.Steps) + 2 {
		cs.Script.Noise = append(cs.Script.Noise, genNoise(t))
	}
	if rapid.IntRange(0, 5).Draw(t, "hang up") == 0 {
		cs.Script.HangUp = rapid.IntRange(1, len(cs.Steps)+1).Draw(t, "hang up at")
	}
	if rapid.IntRange(0, 3).Draw(t, "answer ping") == 0 {
		cs.Script.Answers["ping"] = []string{result(`{}`)}
	}
	return cs
})

// clientSize is how big a generated session is: its steps and noise.
func clientSize(cs play.ClientSession) int {
	n := len(cs.Steps) * 4
	for _, noise := range cs.Script.Noise {
		n += len(noise)
	}
	return n
}

// generatedClientSessions is two data sets of generated client sessions.
func generatedClientSessions() any {
	var all []play.ClientSession
	for seed := range generatedClientCount {
		all = append(all, clientGen.Example(seed))
	}
	slices.SortStableFunc(all, func(a, b play.ClientSession) int { return clientSize(a) - clientSize(b) })
	for i := range all {
		all[i].What = fmt.Sprintf("Generated session %d (%s)", i+1, describeClient(all[i]))
	}
	return checkkit.Generated(all, "client sessions")
}

// describeClient says in words what makes a generated session what it is.
func describeClient(cs play.ClientSession) string {
	noise := 0
	for _, n := range cs.Script.Noise {
		noise += len(n)
	}
	parts := []string{"a server called " + cs.Server, checkkit.Plural(len(cs.Steps), "step") + " after connecting",
		checkkit.Plural(noise, "line") + " of noise before the answers"}
	if strings.Contains(cs.Script.Answers["initialize"][0], `"error"`) {
		parts = append(parts, "initialize refused")
	}
	if cs.Script.HangUp > 0 {
		parts = append(parts, fmt.Sprintf("the server hangs up at request %d", cs.Script.HangUp))
	}
	for _, a := range cs.Script.Answers["tools/call"] {
		if strings.Contains(a, bigText) {
			parts = append(parts, "an answer longer than 64 KiB")
			break
		}
	}
	for _, s := range cs.Steps {
		if s.Args != nil && s.Args["q"] == bigText {
			parts = append(parts, "arguments longer than 64 KiB")
			break
		}
	}
	return strings.Join(parts, ", ")
}
