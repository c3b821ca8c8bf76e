package checks

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"strings"
	"sync"
	"sync/atomic"

	"harnesslab/grader/checkkit"
)

// patience is how long one side waits for the other before the check calls
// it stuck, in seconds. A check program has five seconds in all.
const patience = 3

// tap records what one side writes, line by line, and logs every line as it
// passes, numbered, so that a check that fails, or stops on a timeout, shows
// the conversation on the wire up to that point.
type tap struct {
	c     *checkkit.C // where to log; nil logs nothing
	who   string      // "your client", "the SDK server", ...
	w     io.WriteCloser
	mu    sync.Mutex
	bytes bytes.Buffer // everything written, in order
	seen  int          // how much of bytes is logged
	count *counter     // the line counter both sides of a connection share
	// saw, if set, is told every whole line before it is passed on.
	saw func(line string)
	// closed is set when the writing side closes its stream.
	closed atomic.Bool
}

// counter numbers the lines of one connection, whichever side writes them.
type counter struct {
	mu sync.Mutex
	n  int
}

// next returns the number of the next line.
func (k *counter) next() int {
	k.mu.Lock()
	defer k.mu.Unlock()
	k.n++
	return k.n
}

// Write passes p on, then logs each line that is now whole.
func (t *tap) Write(p []byte) (int, error) {
	t.mu.Lock()
	t.bytes.Write(p)
	for {
		rest := t.bytes.Bytes()[t.seen:]
		i := bytes.IndexByte(rest, '\n')
		if i < 0 {
			break
		}
		n := t.count.next()
		if t.saw != nil {
			t.saw(string(rest[:i]))
		}
		if t.c != nil {
			t.c.Logf("wire %d, %s wrote: %s", n, t.who, clip(string(rest[:i])))
		}
		t.seen += i + 1
	}
	t.mu.Unlock()
	return t.w.Write(p)
}

// Close closes the stream underneath.
func (t *tap) Close() error {
	t.closed.Store(true)
	return t.w.Close()
}

// written returns everything written so far.
func (t *tap) written() string {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.bytes.String()
}

// clip shortens a line for the log.
func clip(line string) string {
	if len(line) > 400 {
		return line[:400] + "..."
	}
	return line
}

// rpc is one JSON-RPC message as the checks read it off the wire.
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
		problems = append(problems, fmt.Sprintf("%s's last message does not end with a newline: %s. Each message is one line, ended by \"\\n\".", who, checkkit.Quote(clip(written[strings.LastIndex(written, "\n")+1:]))))
	}
	for n, line := range strings.Split(strings.TrimSuffix(written, "\n"), "\n") {
		if strings.TrimSpace(line) == "" {
			continue
		}
		dec := json.NewDecoder(strings.NewReader(line))
		var m rpc
		if err := dec.Decode(&m); err != nil {
			problems = append(problems, fmt.Sprintf("line %d that %s wrote is not one JSON object (%v): %s", n+1, who, err, checkkit.Quote(clip(line))))
			continue
		}
		if dec.More() {
			problems = append(problems, fmt.Sprintf("line %d that %s wrote holds more than one message: %s. Write each message on a line of its own.", n+1, who, checkkit.Quote(clip(line))))
		}
		if m.JSONRPC != "2.0" {
			problems = append(problems, fmt.Sprintf("line %d that %s wrote has no \"jsonrpc\": \"2.0\": %s", n+1, who, checkkit.Quote(clip(line))))
		}
		m.Raw = line
		out = append(out, m)
	}
	return out, problems
}
