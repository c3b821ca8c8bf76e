package checks

import (
	"encoding/json"
	"fmt"
	"strings"

	"harnesslab/grader/checkkit"
	"harnesslab/grader/checks/14/play"
)

// judgeClientAgrees compares each generated client session with the
// reference's, and stops at the first difference: the connection, the
// messages the client wrote (framing, ids, methods, and the name and
// arguments of each tools/call), then what each step returned.
func judgeClientAgrees(c *checkkit.C, yours, ref checkkit.Observed) {
	each(c, func(k int, sessions []play.ClientSession) {
		for i, cs := range sessions {
			key := play.ItemKey(k, "session", i)
			want := checkkit.Get[play.ClientRan](c, ref, key)
			got := checkkit.Get[play.ClientRan](c, yours, key)
			if agreeClient(c, cs, got, want); c.Failed() {
				c.Logf("The wire of %s, line by line:\n%s", cs.What, checkkit.Indent(strings.Join(got.Wire, "\n")))
				return
			}
		}
	})
}

// sentMessage is one message a client wrote, as the judge compares it: its
// method, whether it is a notification, and for tools/call its name and
// arguments.
type sentMessage struct {
	Method       string
	Notification bool
	Call         string `json:",omitempty"`
}

// sentMessages reads what a client wrote into what the judge compares.
func sentMessages(sent []rpc) []sentMessage {
	out := make([]sentMessage, len(sent))
	for i, m := range sent {
		out[i] = sentMessage{Method: m.Method, Notification: m.ID == nil || string(m.ID) == "null"}
		if m.Method == "tools/call" {
			out[i].Call = canonical(m.Params)
		}
	}
	return out
}

// agreeClient compares one generated session: the connection, what each
// step returned, then the messages the client wrote.
func agreeClient(c *checkkit.C, cs play.ClientSession, got, want play.ClientRan) {
	what := cs.What
	refused := strings.Contains(cs.Script.Answers["initialize"][0], `"error"`) || cs.Script.HangUp == 1
	if refused != (want.Connect.Error != nil) {
		c.KitFatalf("%s: the reference's ConnectMCP returned %s", what, said(want.Connect.Error))
	}
	switch {
	case refused && (got.Connect.Error == nil || got.Connect.Client):
		c.Errorf("%s: the server %s, so ConnectMCP should return an error and no client; it returned %s and %s.",
			what, map[bool]string{true: "ended its stream instead of answering initialize", false: "answered initialize with an error response"}[cs.Script.HangUp == 1],
			said(got.Connect.Error), map[bool]string{true: "a client", false: "no client"}[got.Connect.Client])
		return
	case !refused && (got.Connect.Error != nil || !got.Connect.Client):
		c.Errorf("%s: ConnectMCP returned %s; the reference's client connected. Before each answer the server may write "+
			"notifications, requests of its own, answers to other ids and blank lines: skip them all, and read on until the response "+
			"(no method) that quotes your request's id.", what, said(got.Connect.Error))
		return
	}
	if !refused && !agreeSteps(c, cs, got, want) {
		return
	}
	wantSent, problems := lines("the reference's client", want.Sent)
	if len(problems) > 0 {
		c.KitFatalf("%s: %s", what, problems[0])
	}
	sent, problems := lines("your client", got.Sent)
	for _, p := range problems {
		c.Errorf("%s: %s", what, p)
	}
	ids := map[string]bool{}
	for _, m := range sent {
		if m.ID == nil || string(m.ID) == "null" {
			continue
		}
		if ids[canonical(m.ID)] {
			c.Errorf("%s: your client used the id %s for two requests: an id names one request, so the answer to each can be told apart.", what, m.ID)
			return
		}
		ids[canonical(m.ID)] = true
	}
	if c.Failed() {
		return
	}
	ws, gs := sentMessages(wantSent), sentMessages(sent)
	for n := range max(len(ws), len(gs)) {
		if n < len(ws) && n < len(gs) && ws[n] == gs[n] {
			continue
		}
		c.Errorf("%s: message %d your client wrote should be %s; yours was %s.", what, n+1, sentWords(ws, n), sentWords(gs, n))
		return
	}
}

// agreeSteps compares what each step of a connected session returned, and
// says the first difference.
func agreeSteps(c *checkkit.C, cs play.ClientSession, got, want play.ClientRan) bool {
	calls, request := 0, 1 // initialize was request 1
	for j, step := range cs.Steps {
		if j >= len(got.Steps) || j >= len(want.Steps) {
			c.KitFatalf("%s: the reference took %d of %d steps", cs.What, len(want.Steps), len(cs.Steps))
		}
		g, w := got.Steps[j], want.Steps[j]
		where := fmt.Sprintf("%s: step %d", cs.What, j+1)
		if !w.Missing {
			request++
		}
		if hung := cs.Script.HangUp > 0 && request >= cs.Script.HangUp && !w.Missing; hung {
			if stepError(w) == nil {
				c.KitFatalf("%s: the server had hung up, yet the reference's step returned no error", where)
			}
			if stepError(g) == nil && !g.Missing {
				c.Errorf("%s: the server ended its stream without answering, so this step should return an error, "+
					"as the reference's does (%s); yours returned none. A stream that ends is an error.", where, said(stepError(w)))
				return false
			}
			continue
		}
		switch {
		case step.List:
			if !c.Equal(where+", Tools(): the tools should be the server's, each named "+cs.Server+separator+"<tool>, with its description and input schema",
				w.Listed, g.Listed) {
				return false
			}
		case w.Missing || g.Missing:
			if w.Missing != g.Missing {
				c.Errorf("%s: the last list %s a tool called %s; the reference's %s.", where,
					map[bool]string{true: "held no", false: "held"}[g.Missing], step.Tool, map[bool]string{true: "held none", false: "held it"}[w.Missing])
				return false
			}
		case step.Tool != "":
			answers := cs.Script.Answers["tools/call"]
			if !agreeRun(c, where+", running "+step.Tool, answers[min(calls, len(answers)-1)], *w.Ran, *g.Ran) {
				return false
			}
			calls++
		default:
			if !c.Equal(where+", Call("+checkkit.Quote(step.Method)+", ...): the answer as the server gave it (a result, or an *RPCError with its code and message)",
				canonicalAnswer(*w.Answered), canonicalAnswer(*g.Answered)) {
				return false
			}
		}
	}
	return true
}

// stepError is the error a step returned, if any.
func stepError(s play.Stepped) *string {
	switch {
	case s.Listed != nil:
		return s.Listed.Error
	case s.Ran != nil:
		return s.Ran.Error
	case s.Answered != nil:
		return s.Answered.Error
	}
	return nil
}

// sentWords words message n of sent, or says there was none.
func sentWords(sent []sentMessage, n int) string {
	if n >= len(sent) {
		return "nothing: there was no message " + fmt.Sprint(n+1)
	}
	m := sent[n]
	words := checkkit.Quote(m.Method)
	if m.Notification {
		words += " as a notification (no id)"
	} else {
		words += " as a request (with an id)"
	}
	if m.Call != "" {
		words += " with params " + checkkit.Quote(play.Clip(m.Call))
	}
	return words
}

// agreeRun compares a run of a server's tool, answered with answer (the JSON
// after the id): a result's text, an isError result as an error with that
// text, an error response as an error holding its message.
func agreeRun(c *checkkit.C, where, answer string, want, got play.Ran) bool {
	var a struct {
		Result *struct {
			IsError bool `json:"isError"`
		} `json:"result"`
		Error *struct {
			Message string `json:"message"`
		} `json:"error"`
	}
	if err := json.Unmarshal([]byte("{"+answer+"}"), &a); err != nil {
		c.KitFatalf("%s: its answer does not read: %v", where, err)
	}
	switch {
	case a.Error != nil:
		if want.Error == nil || !strings.Contains(*want.Error, a.Error.Message) {
			c.KitFatalf("%s: the reference returned %s for an error response %q", where, ran(want), a.Error.Message)
		}
		if got.Error == nil || !strings.Contains(*got.Error, a.Error.Message) {
			c.Errorf("%s: the server answered with an error response (%s), so the run should return an error holding that "+
				"message, as the reference's does (%s); yours returned %s.", where, checkkit.Quote(a.Error.Message), ran(want), ran(got))
			return false
		}
	case a.Result.IsError:
		if want.Error == nil {
			c.KitFatalf("%s: the reference returned %s for a result with isError", where, ran(want))
		}
		return c.Equal(where+": the server marked its result isError, so the run should return an error whose words are the result's text",
			want, got)
	default:
		return c.Equal(where+": the run should return the text of the result's blocks, joined by \"\\n\" (a block that is not text written [<type> content])",
			want, got)
	}
	return true
}

// canonicalAnswer is what Call returned with its raw result as canonical
// JSON and its error's words left out (an *RPCError's code and message are
// compared instead).
func canonicalAnswer(a play.Answered) play.Answered {
	a.Raw = canonical(json.RawMessage(a.Raw))
	if a.RPC {
		a.Error = nil
	} else if a.Error != nil {
		s := "an error that is not an *RPCError"
		a.Error = &s
	}
	return a
}
