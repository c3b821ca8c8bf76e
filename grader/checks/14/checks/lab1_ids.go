package checks

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"strings"
	"time"

	"harnesslab/grader/checkkit"
)

// scripted is a server written by hand, line by line, for what the SDK
// server never does on its own: it writes notifications, a request of its
// own and an answer to another id before the answer to each request.
type scripted struct {
	In  io.Reader
	Out io.Writer
	in  *io.PipeReader
	out *io.PipeWriter
}

// startScripted starts the hand-written server. answers says what it
// answers each method with; before each answer it writes noise.
func startScripted(c *checkkit.C, answers map[string]string, noise func(id string) []string) *scripted {
	count := &counter{}
	serverIn, clientOut := io.Pipe()
	clientIn, serverOut := io.Pipe()
	s := &scripted{In: clientIn, Out: &tap{c: c, who: "your client", w: clientOut, count: count}, in: clientIn, out: serverOut}
	w := &tap{c: c, who: "the server", w: serverOut, count: count}
	go func() {
		defer serverOut.Close()
		lines := bufio.NewScanner(serverIn)
		for lines.Scan() {
			var m rpc
			if json.Unmarshal(lines.Bytes(), &m) != nil || m.ID == nil || m.Method == "" {
				continue
			}
			id := string(m.ID)
			for _, line := range noise(id) {
				if _, err := io.WriteString(w, line+"\n"); err != nil {
					return
				}
			}
			result, ok := answers[m.Method]
			var line string
			if ok {
				line = fmt.Sprintf(`{"jsonrpc":"2.0","id":%s,"result":%s}`, id, result)
			} else {
				line = fmt.Sprintf(`{"jsonrpc":"2.0","id":%s,"error":{"code":-32601,"message":"Method not found"}}`, id)
			}
			if _, err := io.WriteString(w, line+"\n"); err != nil {
				return
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
}

// idCase is one scenario of answerMatchedByID.
type idCase struct {
	Server string
	Decoy  string // the tool the answer to another id lists
	Real   string // the tool the real answer lists
}

// answerMatchedByID: the client takes the answer that quotes its own
// request's id, skipping notifications, the server's own requests and
// answers to other ids that arrive first.
func answerMatchedByID(c *checkkit.C) {
	cases := []checkkit.Data[idCase]{
		{Name: "a stale answer listing a tool called decoy", Data: idCase{Server: "notes", Decoy: "decoy", Real: "search"}},
		{Name: "another server, other tools", Data: idCase{Server: "maps", Decoy: "wipe", Real: "route"}},
	}
	checkkit.Scenarios(c, cases, func(k idCase) {
		list := func(tool string) string {
			return fmt.Sprintf(`{"tools":[{"name":%q,"description":"d","inputSchema":{"type":"object"}}]}`, tool)
		}
		answers := map[string]string{
			"initialize": `{"protocolVersion":"` + mcpVersion + `","capabilities":{"tools":{}},"serverInfo":{"name":"hand","version":"1"}}`,
			"tools/list": list(k.Real),
		}
		noise := func(id string) []string {
			return []string{
				`{"jsonrpc":"2.0","method":"notifications/message","params":{"level":"info","data":"working"}}`,
				`{"jsonrpc":"2.0","id":"s1","method":"ping"}`,
				fmt.Sprintf(`{"jsonrpc":"2.0","id":%s,"result":%s}`, otherID(id), list(k.Decoy)),
			}
		}
		s := startScripted(c, answers, noise)
		defer s.Close()
		client, err := S.Connect(k.Server, s.In, s.Out)
		c.Must(err == nil && client != nil, "ConnectMCP(%q, ...) returned the error %v. Before the answer to initialize, "+
			"the server wrote a notification, a ping request of its own and an answer to another id: skip them, and read on "+
			"until the answer that quotes your request's id. The wire is below.", k.Server, err)
		tools, err := client.Tools()
		c.Must(err == nil, "Tools() returned the error %v. Before the answer to tools/list, the server wrote a notification, "+
			"a request of its own and an answer to another id: skip them. The wire is below.", err)
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
