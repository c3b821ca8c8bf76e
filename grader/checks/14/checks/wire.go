package checks

import (
	"encoding/json"
	"fmt"
	"strings"

	"harnesslab/grader/checkkit"
	"harnesslab/grader/checks/14/play"
)

// rpc is one JSON-RPC message as the judge reads it off a recorded wire.
type rpc struct {
	Raw     string          `json:"-"` // the line as it was written
	JSONRPC string          `json:"jsonrpc"`
	ID      json.RawMessage `json:"id"`
	Method  string          `json:"method"`
	Params  json.RawMessage `json:"params"`
	Result  json.RawMessage `json:"result"`
	Error   *struct {
		Code    int    `json:"code"`
		Message string `json:"message"`
	} `json:"error"`
}

// lines splits what one side wrote into its messages, one a line, and says
// what is wrong with the framing: a message not ended by a newline, a line
// that is not exactly one JSON object, a message without "jsonrpc": "2.0".
func lines(who, written string) ([]rpc, []string) {
	var out []rpc
	var problems []string
	if written != "" && !strings.HasSuffix(written, "\n") {
		problems = append(problems, fmt.Sprintf("%s's last message does not end with a newline: %s. Each message is one line, ended by \"\\n\".", who, checkkit.Quote(play.Clip(written[strings.LastIndex(written, "\n")+1:]))))
	}
	for n, line := range strings.Split(strings.TrimSuffix(written, "\n"), "\n") {
		if strings.TrimSpace(line) == "" {
			continue
		}
		dec := json.NewDecoder(strings.NewReader(line))
		var m rpc
		if err := dec.Decode(&m); err != nil {
			problems = append(problems, fmt.Sprintf("line %d that %s wrote is not one JSON object (%v): %s", n+1, who, err, checkkit.Quote(play.Clip(line))))
			continue
		}
		if dec.More() {
			problems = append(problems, fmt.Sprintf("line %d that %s wrote holds more than one message: %s. Write each message on a line of its own.", n+1, who, checkkit.Quote(play.Clip(line))))
		}
		if m.JSONRPC != "2.0" {
			problems = append(problems, fmt.Sprintf("line %d that %s wrote has no \"jsonrpc\": \"2.0\": %s", n+1, who, checkkit.Quote(play.Clip(line))))
		}
		m.Raw = line
		out = append(out, m)
	}
	return out, problems
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

// answer is what the judge compares of one answer line: its id (as
// canonical JSON), and either its result (as canonical JSON) or its error
// code (the message is the server's own).
type answer struct {
	ID     string
	Result string
	Code   int
}

// answers turns answer lines into what the judge compares.
func answers(sent []rpc) []answer {
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

// logWire shows the wire recorded under key in yours, if any: the numbered
// lines both sides wrote.
func logWire(c *checkkit.C, yours checkkit.Observed, key string) {
	raw, ok := yours[key]
	if !ok {
		return
	}
	var log []string
	if json.Unmarshal(raw, &log) != nil || len(log) == 0 {
		return
	}
	c.Logf("The wire, line by line:\n%s", checkkit.Indent(strings.Join(log, "\n")))
}
