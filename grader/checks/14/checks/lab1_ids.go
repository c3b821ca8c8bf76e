package checks

import (
	"encoding/json"
	"fmt"
	"io"
	"strings"
	"time"

	"harnesslab/grader/checkkit"
)

// scripted is a server written by hand, line by line, for what the SDK
// server never does on its own: it writes notifications, requests of its
// own and answers to other ids before the answer to each request, or
// refuses the handshake.
type scripted struct {
	In   io.Reader
	Out  io.Writer
	sent *tap // what the client wrote
	in   *io.PipeReader
	out  *io.PipeWriter
	read *io.PipeReader // the server's end of what the client writes
}

// result is an answer of the scripted server: a result, as JSON.
func result(value string) string { return `"result":` + value }

// refusal is an answer of the scripted server: an error response.
func refusal(code int, message string) string {
	return fmt.Sprintf(`"error":{"code":%d,"message":%q}`, code, message)
}

// startScripted starts the hand-written server; who names it on the wire.
// answers says what it answers each method with (result or refusal; a
// method it lacks gets -32601); before each answer it writes noise, which
// may be nil. It reads every line the client writes at once, whatever the
// client reads, so a client that stops reading too early never blocks on a
// write: it reads the lines that were meant for it later.
func startScripted(c *checkkit.C, who string, answers map[string]string, noise func(id string) []string) *scripted {
	count := &counter{}
	serverIn, clientOut := io.Pipe()
	clientIn, serverOut := io.Pipe()
	client := "your client"
	if who != "the server" {
		client += ", to " + who
	}
	sent := &tap{c: c, who: client, w: clientOut, count: count}
	s := &scripted{In: clientIn, Out: sent, sent: sent, in: clientIn, out: serverOut, read: serverIn}
	w := &tap{c: c, who: who, w: serverOut, count: count}
	queue := make(chan string, 256)
	go func() {
		defer close(queue)
		// Like the SDK server, it reads JSON values, newline or not: a
		// missing newline is client_writes_lines' business.
		dec := json.NewDecoder(serverIn)
		for {
			var m rpc
			if dec.Decode(&m) != nil {
				return
			}
			if m.ID == nil || m.Method == "" {
				continue
			}
			id := string(m.ID)
			if noise != nil {
				for _, line := range noise(id) {
					queue <- line
				}
			}
			answer, ok := answers[m.Method]
			if !ok {
				answer = refusal(methodMissing, "Method not found")
			}
			queue <- fmt.Sprintf(`{"jsonrpc":"2.0","id":%s,%s}`, id, answer)
		}
	}()
	go func() {
		defer serverOut.Close()
		broken := false
		for line := range queue {
			if !broken {
				_, err := io.WriteString(w, line+"\n")
				broken = err != nil
			}
		}
	}()
	go func() {
		time.Sleep(patience * time.Second)
		clientIn.CloseWithError(fmt.Errorf("the check closed the connection: your client had waited %d seconds", patience))
	}()
	return s
}

// Close ends the connection.
func (s *scripted) Close() {
	s.in.Close()
	s.out.Close()
	s.read.Close()
}

// idCase is one scenario of answerMatchedByID.
type idCase struct {
	Server  string
	Decoy   string // the tool the answer to another id lists
	Real    string // the tool the real answer lists
	Refused string // the message of an error answering another id
}

// answerMatchedByID: the client takes the answer that quotes its own
// request's id, skipping notifications, the server's own requests (even one
// that happens to use the same id) and answers to other ids, results and
// errors alike, that arrive first.
func answerMatchedByID(c *checkkit.C) {
	cases := []checkkit.Data[idCase]{
		{Name: "a stale answer listing a tool called decoy", Data: idCase{Server: "notes", Decoy: "decoy", Real: "search", Refused: "request cancelled"}},
		{Name: "another server, other tools", Data: idCase{Server: "maps", Decoy: "wipe", Real: "route", Refused: "rate limit reached"}},
	}
	checkkit.Scenarios(c, cases, func(k idCase) {
		list := func(tool string) string {
			return fmt.Sprintf(`{"tools":[{"name":%q,"description":"d","inputSchema":{"type":"object"}}]}`, tool)
		}
		answers := map[string]string{
			"initialize": result(`{"protocolVersion":"` + mcpVersion + `","capabilities":{"tools":{}},"serverInfo":{"name":"hand","version":"1"}}`),
			"tools/list": result(list(k.Real)),
		}
		noise := func(id string) []string {
			return []string{
				`{"jsonrpc":"2.0","method":"notifications/message","params":{"level":"info","data":"working"}}`,
				fmt.Sprintf(`{"jsonrpc":"2.0","id":%s,"method":"ping"}`, id),
				fmt.Sprintf(`{"jsonrpc":"2.0","id":%s,%s}`, otherID(otherID(id)), refusal(-32603, k.Refused)),
				fmt.Sprintf(`{"jsonrpc":"2.0","id":%s,"result":%s}`, otherID(id), list(k.Decoy)),
			}
		}
		const skipped = "a notification, a ping request of its own that uses the same id as your request (it has a method, " +
			"so it is a request, not an answer), an error answering another id and a result answering another id"
		s := startScripted(c, "the server", answers, noise)
		defer s.Close()
		client, err := S.Connect(k.Server, s.In, s.Out)
		c.Must(err == nil && client != nil, "ConnectMCP(%q, ...) returned the error %v. Before the answer to initialize, "+
			"the server wrote %s: skip them all, and read on until the response (no method) that quotes your request's id. "+
			"The wire is below.", k.Server, err, skipped)
		tools, err := client.Tools()
		c.Must(err == nil, "Tools() returned the error %v. Before the answer to tools/list, the server wrote %s: skip them "+
			"all, and read on until the response (no method) that quotes your request's id. The wire is below.", err, skipped)
		c.Equal("Tools() should list the tools of the answer that quotes the id of its tools/list request; "+
			"an answer with another id answers another request.", []string{k.Server + separator + k.Real}, names(tools))
	})
}

// otherID returns an id that is not id: a number for a number, a string for
// a string.
func otherID(id string) string {
	if strings.HasPrefix(id, `"`) {
		return `"stale-` + id[1:]
	}
	return id + "9"
}
