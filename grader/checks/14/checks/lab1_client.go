package checks

import (
	"encoding/json"
	"fmt"
	"strings"

	"harnesslab/grader/checkkit"
	"harnesslab/grader/checks/14/play"
	"harnesslab/lab"
)

// judgeConnectShakesHands: ConnectMCP sends initialize with the lesson's
// version and name, waits for the answer, then sends
// notifications/initialized; a server that refuses initialize gets no
// notification, and ConnectMCP returns an error and no client.
func judgeConnectShakesHands(c *checkkit.C, yours, ref checkkit.Observed) {
	each(c, func(k int, h play.Handshake) {
		name := h.Server.Name
		connected(c, yours, ref, k, "connect", name, play.Key(k, "wire"))
		want := checkkit.Get[play.Initialized](c, ref, play.Key(k, "initialize"))
		if want != (play.Initialized{Version: mcpVersion, Client: clientName}) {
			c.KitFatalf("the reference's initialize told the SDK server %+v", want)
		}
		got := checkkit.Get[play.Initialized](c, yours, play.Key(k, "initialize"))
		if !c.Equal("The initialize request should ask for protocol version "+checkkit.Quote(mcpVersion)+" and name the client "+checkkit.Quote(clientName)+".",
			[]string{want.Version, want.Client}, []string{got.Version, got.Client}) {
			logWire(c, yours, play.Key(k, "wire"))
			return
		}
		if !notified(checkkit.Get[string](c, yours, play.Key(k, "sent"))) {
			logWire(c, yours, play.Key(k, "wire"))
			c.Fatalf("After the server answered initialize, ConnectMCP returned without sending the notification " +
				"notifications/initialized (a message with a method and no id). Until it comes, a server may refuse " +
				"everything else.")
		}
		refuseHandshake(c, yours, ref, k, h)
	})
}

// notified reports whether what a client wrote holds the initialized
// notification. Like a server, it reads JSON values, newline or not: a
// missing newline is client_writes_lines' business.
func notified(sent string) bool {
	dec := json.NewDecoder(strings.NewReader(sent))
	for {
		var m rpc
		if dec.Decode(&m) != nil {
			return false
		}
		if m.Method == "notifications/initialized" && (m.ID == nil || string(m.ID) == "null") {
			return true
		}
	}
}

// refuseHandshake judges the refusing server of run k.
func refuseHandshake(c *checkkit.C, yours, ref checkkit.Observed, k int, h play.Handshake) {
	want := checkkit.Get[play.Connected](c, ref, play.Key(k, "refused"))
	if want.Error == nil || want.Client || notified(checkkit.Get[string](c, ref, play.Key(k, "sent to the refusing server"))) {
		c.KitFatalf("the reference connected to a server that refused initialize: %+v", want)
	}
	got := checkkit.Get[play.Connected](c, yours, play.Key(k, "refused"))
	code, message := refusalOf(h.Refusal)
	answer := fmt.Sprintf("an error response (code %d, %s)", code, checkkit.Quote(message))
	wire := play.Key(k, "refusing wire")
	switch {
	case got.Error == nil:
		c.Errorf("A second server (the refusing server on the wire) answered initialize with %s, so ConnectMCP "+
			"should return an error; it returned a client and no error. Look at what Call returned for initialize: "+
			"an error response means the server refused the connection. The wire is below.", answer)
		logWire(c, yours, wire)
	case got.Client:
		c.Errorf("A second server (the refusing server on the wire) answered initialize with %s; ConnectMCP "+
			"returned the error %s, but also a client. A refused connection gives no client (nil).", answer, checkkit.Quote(*got.Error))
	}
	if notified(checkkit.Get[string](c, yours, play.Key(k, "sent to the refusing server"))) {
		c.Errorf("A second server (the refusing server on the wire) answered initialize with %s, yet your "+
			"client sent notifications/initialized: that notification says the handshake succeeded. Return "+
			"the error before sending it. The wire is below.", answer)
		logWire(c, yours, wire)
	}
}

// kinds words each message a client wrote: its method, and
// "(notification)" when it has no id.
func kinds(sent []rpc) []string {
	var out []string
	for _, m := range sent {
		kind := m.Method
		if m.ID == nil || string(m.ID) == "null" {
			kind += " (notification)"
		}
		out = append(out, kind)
	}
	return out
}

// judgeClientWritesLines: every message the client writes is one JSON-RPC
// object on a line of its own; requests carry ids of their own, and the
// notification none; the messages are the reference's, in its order.
func judgeClientWritesLines(c *checkkit.C, yours, ref checkkit.Observed) {
	each(c, func(k int, s play.Server) {
		connected(c, yours, ref, k, "connect", s.Name, play.Key(k, "wire"))
		listed(c, yours, ref, play.Key(k, "tools"), s.Name, play.Key(k, "wire"))
		wantSent, problems := lines("the reference's client", checkkit.Get[string](c, ref, play.Key(k, "sent")))
		if len(problems) > 0 {
			c.KitFatalf("%s", problems[0])
		}
		sent, problems := lines("your client", checkkit.Get[string](c, yours, play.Key(k, "sent")))
		for _, p := range problems {
			c.Errorf("%s", p)
		}
		ids := map[string]bool{}
		for _, m := range sent {
			if m.ID == nil || string(m.ID) == "null" {
				continue
			}
			if ids[canonical(m.ID)] {
				c.Errorf("Your client used the id %s for two requests: an id names one request, so the answer to each can be told apart.", m.ID)
			}
			ids[canonical(m.ID)] = true
		}
		c.Equal("Your client should send initialize, the initialized notification (no id), tools/list, then one tools/call per call, in that order.",
			kinds(wantSent), kinds(sent))
		if c.Failed() {
			logWire(c, yours, play.Key(k, "wire"))
		}
	})
}

// judgeToolsNamedPerServer: the tools come back named server__tool, with
// the server's descriptions and schemas, so two servers' search tools
// differ, each time Tools() is asked.
func judgeToolsNamedPerServer(c *checkkit.C, yours, ref checkkit.Observed) {
	each(c, func(k int, p play.Pair) {
		var want, got []lab.Spec
		for _, list := range []string{"first list", "second list"} {
			want, got = nil, nil
			for i, s := range p.Servers {
				connected(c, yours, ref, k, fmt.Sprintf("server %d, connect", i+1), s.Name, "")
				g, w := listed(c, yours, ref, play.Key(k, fmt.Sprintf("server %d, %s", i+1, list)), s.Name, "")
				want, got = append(want, w.Specs...), append(got, g.Specs...)
			}
			for _, spec := range want {
				if !strings.HasPrefix(spec.Name, p.Servers[0].Name+separator) && !strings.HasPrefix(spec.Name, p.Servers[1].Name+separator) {
					c.KitFatalf("the reference named a tool %q", spec.Name)
				}
			}
			sentence := "The model should be offered every tool of both servers, each named <server>" + separator + "<tool> (the server's name, " +
				checkkit.Quote(separator) + ", the tool's own name), with the description and input schema the server gave."
			if list == "second list" {
				sentence = "Asked a second time, Tools() should list every tool again, as the server gave it (the check changed " +
					"the descriptions and schemas of the first list it got, then asked again): " + sentence
			}
			if !c.Equal(sentence, want, got) {
				return
			}
		}
		wantName := checkkit.Get[string](c, ref, play.Key(k, "ToolName"))
		if wantName != p.Probe[0]+separator+p.Probe[1] {
			c.KitFatalf("the reference's ToolName(%q, %q) returned %q", p.Probe[0], p.Probe[1], wantName)
		}
		if gotName := checkkit.Get[string](c, yours, play.Key(k, "ToolName")); gotName != wantName {
			c.Errorf("ToolName(%q, %q) returned %s; expected %s.", p.Probe[0], p.Probe[1], checkkit.Quote(gotName), checkkit.Quote(wantName))
		}
	})
}

// reached judges the start of a Reach run: connected, listed, and the tool
// offered. It returns false when the check cannot go on.
func reached(c *checkkit.C, yours, ref checkkit.Observed, k int, r play.Reach) {
	connected(c, yours, ref, k, "connect", r.Server.Name, play.Key(k, "wire"))
	got, want := listed(c, yours, ref, play.Key(k, "tools"), r.Server.Name, play.Key(k, "wire"))
	has := func(specs []lab.Spec) bool {
		for _, s := range specs {
			if s.Name == r.Tool {
				return true
			}
		}
		return false
	}
	if !has(want.Specs) {
		c.KitFatalf("the reference offered no tool called %s", r.Tool)
	}
	if !has(got.Specs) {
		c.Fatalf("Tools() offered no tool called %s; it offered %s.", checkkit.Quote(r.Tool), checkkit.List(names(got.Specs)))
	}
}

// judgeCallReachesTool: a call to server__tool reaches that server as a
// tools/call of the tool's own name with the arguments as given, once, and
// comes back as the text of the result, also when two calls run at once.
func judgeCallReachesTool(c *checkkit.C, yours, ref checkkit.Observed) {
	each(c, func(k int, r play.Reach) {
		reached(c, yours, ref, k, r)
		want := checkkit.Get[play.Ran](c, ref, play.Key(k, "call"))
		got := checkkit.Get[play.Ran](c, yours, play.Key(k, "call"))
		if want.Error != nil {
			c.KitFatalf("running %s with the reference returned the error %s", r.Tool, *want.Error)
		}
		if got.Error != nil {
			logWire(c, yours, play.Key(k, "wire"))
			c.Fatalf("Running %s returned the error %s; the server answered it without an error. The wire is below.", r.Tool, checkkit.Quote(*got.Error))
		}
		own := r.Server.Tools[len(r.Server.Tools)-1].Name
		if !c.Equal("The server should receive one call of its own tool name ("+checkkit.Quote(own)+", without the server's name) with the arguments exactly as given.",
			checkkit.Get[[]play.RemoteCall](c, ref, play.Key(k, "server calls")), checkkit.Get[[]play.RemoteCall](c, yours, play.Key(k, "server calls"))) {
			logWire(c, yours, play.Key(k, "wire"))
		}
		c.Equal("Running "+r.Tool+" should return the text of the server's answer.", want.Text, got.Text)
		if c.Failed() {
			return
		}
		wantTwice := checkkit.Get[[]play.Ran](c, ref, play.Key(k, "two calls at once"))
		gotTwice := checkkit.Get[[]play.Ran](c, yours, play.Key(k, "two calls at once"))
		if !c.Equal("Running "+r.Tool+" twice at once (as lesson 11's RunCalls does with reads) should give each call the server's "+
			"answer, with no error: a client shared by two calls must send a request and read its answer as one step, "+
			"under its lock, or one call reads the other's answer.", wantTwice, gotTwice) {
			logWire(c, yours, play.Key(k, "wire"))
		}
	})
}

// judgeResultContentJoined: a result of several blocks comes back as each
// block's text joined by newlines, a block that is not text named by its
// type, and an empty content as empty text.
func judgeResultContentJoined(c *checkkit.C, yours, ref checkkit.Observed) {
	each(c, func(k int, r play.Reach) {
		reached(c, yours, ref, k, r)
		want := checkkit.Get[play.Ran](c, ref, play.Key(k, "call"))
		if want.Error != nil || want.Text != joinedText(r.Server.Tools[0].Answer) {
			c.KitFatalf("running %s with the reference returned %s", r.Tool, ran(want))
		}
		got := checkkit.Get[play.Ran](c, yours, play.Key(k, "call"))
		if got.Error != nil {
			logWire(c, yours, play.Key(k, "wire"))
			c.Fatalf("Running %s returned the error %s; the server answered it without an error. The wire is below.", r.Tool, checkkit.Quote(*got.Error))
		}
		if !c.Equal("The text of a result should be the text of each block, joined by \"\\n\" (a block that is not text written [<type> content]).", want.Text, got.Text) {
			logWire(c, yours, play.Key(k, "wire"))
		}
	})
}

// joinedText is the text a result's content comes to: text blocks as they
// are, other blocks named by type, joined by "\n".
func joinedText(blocks []play.Block) string {
	parts := make([]string, len(blocks))
	for i, b := range blocks {
		if b.Type == "text" {
			parts[i] = b.Text
		} else {
			parts[i] = "[" + b.Type + " content]"
		}
	}
	return strings.Join(parts, "\n")
}

// firstResult returns the first tool result of a loop's list.
func firstResult(messages []lab.Message) lab.Message {
	for _, m := range messages {
		if m.Role == lab.RoleToolResult {
			return m
		}
	}
	return lab.Message{}
}

// judgeIsErrorKept: a result with isError set becomes an error result in the
// conversation, with the server's text, never a success.
func judgeIsErrorKept(c *checkkit.C, yours, ref checkkit.Observed) {
	each(c, func(k int, l play.Loop) {
		connected(c, yours, ref, k, "connect", l.Server.Name, play.Key(k, "wire"))
		listed(c, yours, ref, play.Key(k, "tools"), l.Server.Name, play.Key(k, "wire"))
		want := firstResult(checkkit.Get[play.Looped](c, ref, play.Key(k, "loop")).Messages)
		if !want.IsError {
			c.KitFatalf("the reference's result of a call the server marked isError is %+v", want)
		}
		got := firstResult(checkkit.Get[play.Looped](c, yours, play.Key(k, "loop")).Messages)
		if !c.Equal("The server answered with isError: true, so the call's result should be an error result quoting the server's text.", want, got) {
			logWire(c, yours, play.Key(k, "wire"))
		}
	})
}

// judgeErrorResponseIsError: an error response to a request is an error,
// with the server's code and message, never a result; and a call to a tool
// the server has withdrawn since it was listed gets an error result.
func judgeErrorResponseIsError(c *checkkit.C, yours, ref checkkit.Observed) {
	each(c, func(k int, a play.Asking) {
		connected(c, yours, ref, k, "connect", a.Loop.Server.Name, play.Key(k, "wire"))
		for i, ask := range a.Asks {
			want := checkkit.Get[play.Answered](c, ref, play.ItemKey(k, "request", i))
			if !want.RPC {
				c.KitFatalf("the reference's Call(%q, ...) returned %s and %s, not an *RPCError", ask.Method, checkkit.Quote(want.Raw), said(want.Error))
			}
			got := checkkit.Get[play.Answered](c, yours, play.ItemKey(k, "request", i))
			if !got.RPC {
				logWire(c, yours, play.Key(k, "wire"))
				c.Fatalf("Call(%q, ...) returned %s and %s. The server answered with an error response (code %d, %s): "+
					"Call should return it as an *RPCError, not as a result.", ask.Method, checkkit.Quote(got.Raw), said(got.Error), want.Code, checkkit.Quote(want.Message))
			}
			if !c.Equal("Call("+checkkit.Quote(ask.Method)+", ...) should return the server's error code and message.",
				[2]any{want.Code, want.Message}, [2]any{got.Code, got.Message}) {
				logWire(c, yours, play.Key(k, "wire"))
				return
			}
		}
		// A tool listed, then withdrawn: its call gets an error response,
		// worded by the SDK (server.go, "unknown tool %q").
		listed(c, yours, ref, play.Key(k, "tools"), a.Loop.Server.Name, play.Key(k, "wire"))
		refusal := fmt.Sprintf("unknown tool %q", a.Loop.Withdraw)
		want := firstResult(checkkit.Get[play.Looped](c, ref, play.Key(k, "loop")).Messages)
		if !want.IsError || !strings.Contains(want.Content, refusal) {
			c.KitFatalf("the reference's result of a withdrawn tool is %+v", want)
		}
		got := firstResult(checkkit.Get[play.Looped](c, yours, play.Key(k, "loop")).Messages)
		if !got.IsError || !strings.Contains(got.Content, refusal) {
			c.Errorf("The server withdrew %s after listing it, and answered its tools/call with an error response (%s), so the "+
				"call's result should be an error result holding that message; got %s.", a.Loop.Withdraw, checkkit.Quote(refusal),
				checkkit.Quote(strings.TrimSpace(lab.Show([]lab.Message{got}))))
			logWire(c, yours, play.Key(k, "wire"))
		}
	})
}
