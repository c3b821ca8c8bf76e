package play

import (
	"encoding/json"
	"fmt"
	"io"
	"strings"

	"harnesslab/grader/checkkit"
)

// scripted is a server written by hand, line by line, for what the SDK
// server never does on its own: it writes notifications, requests of its
// own and answers to other ids before the answer to a request, or refuses
// the handshake.
type scripted struct {
	In    io.Reader
	Out   io.Writer
	sent  *tap // what the client wrote
	count *counter
	in    *io.PipeReader
	out   *io.PipeWriter
	read  *io.PipeReader // the server's end of what the client writes
}

// Script is what a hand-written server answers: for each method, the
// answers to its requests in turn (the last one again once they run out),
// each the JSON after the id (`"result":{...}` or `"error":{...}`); a method
// it lacks gets the error -32601. Noise holds, for each request in turn
// (the n-th request the client sends, from 0), the lines the server writes
// before its answer, with "$ID" standing for the request's id and "$OTHER"
// for an id that is not it.
type Script struct {
	Answers map[string][]string `json:"answers"`
	Noise   [][]string          `json:"noise,omitempty"`
	// Every holds lines written before the answer to every request, after
	// its own noise.
	Every []string `json:"every,omitempty"`
	// HangUp, when not 0, ends the server's stream when the HangUp-th
	// request arrives (counted from 1), after its noise and before its
	// answer: the server stops in the middle of a session.
	HangUp int `json:"hang_up,omitempty"`
}

// startScripted starts the hand-written server; who names it on the wire. It
// reads every line the client writes at once, whatever the client reads, so
// a client that stops reading too early never blocks on a write: it reads
// the lines that were meant for it later.
func startScripted(c *checkkit.C, who string, script Script) *scripted {
	count := &counter{}
	serverIn, clientOut := io.Pipe()
	clientIn, serverOut := io.Pipe()
	client := "your client"
	if who != "the server" {
		client += ", to " + who
	}
	sent := &tap{c: c, who: client, w: clientOut, count: count}
	s := &scripted{In: clientIn, Out: sent, sent: sent, count: count, in: clientIn, out: serverOut, read: serverIn}
	w := &tap{c: c, who: who, w: serverOut, count: count}
	queue := make(chan string, 4096)
	go func() {
		hung := false
		defer func() {
			if !hung {
				close(queue)
			}
		}()
		// Like the SDK server, it reads JSON values, newline or not: a
		// missing newline is client_writes_lines' business.
		dec := json.NewDecoder(serverIn)
		asked := map[string]int{}
		n := 0
		for {
			var m struct {
				ID     json.RawMessage `json:"id"`
				Method string          `json:"method"`
			}
			if dec.Decode(&m) != nil {
				return
			}
			if hung || m.ID == nil || m.Method == "" {
				continue // after a hang-up, what the client writes is read and dropped
			}
			id := string(m.ID)
			var noise []string
			if n < len(script.Noise) {
				noise = script.Noise[n]
			}
			n++
			for _, line := range append(append([]string{}, noise...), script.Every...) {
				queue <- strings.NewReplacer("$OTHER2", OtherID(OtherID(id)), "$OTHER", OtherID(id), "$ID", id).Replace(line)
			}
			if n == script.HangUp {
				hung = true
				close(queue)
				continue
			}
			answer := fmt.Sprintf(`"error":{"code":%d,"message":"Method not found"}`, -32601)
			if answers := script.Answers[m.Method]; len(answers) > 0 {
				answer = answers[min(asked[m.Method], len(answers)-1)]
				asked[m.Method]++
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
	return s
}

// Close ends the connection.
func (s *scripted) Close() {
	s.in.Close()
	s.out.Close()
	s.read.Close()
}

// OtherID returns an id that is not id: a number for a number, a string for
// a string.
func OtherID(id string) string {
	if strings.HasPrefix(id, `"`) {
		return `"stale-` + id[1:]
	}
	return id + "9"
}
