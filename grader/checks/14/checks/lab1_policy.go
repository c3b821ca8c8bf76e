package checks

import (
	"fmt"

	"harnesslab/grader/checkkit"
	"harnesslab/grader/checks/14/play"
	"harnesslab/lab"
)

// judgeAnswerMatchedByID: the client takes the answer that quotes its own
// request's id, skipping notifications, the server's own requests (even one
// that happens to use the same id) and answers to other ids, results and
// errors alike, that arrive first.
func judgeAnswerMatchedByID(c *checkkit.C, yours, ref checkkit.Observed) {
	const skipped = "a notification, a ping request of its own that uses the same id as your request (it has a method, " +
		"so it is a request, not an answer), an error answering another id and a result answering another id"
	each(c, func(k int, m play.Matched) {
		wire := play.Key(k, "wire")
		want := checkkit.Get[play.Connected](c, ref, play.Key(k, "connect"))
		if want.Error != nil || !want.Client {
			c.KitFatalf("the reference could not connect to the hand-written server: %s", said(want.Error))
		}
		got := checkkit.Get[play.Connected](c, yours, play.Key(k, "connect"))
		if got.Error != nil || !got.Client {
			logWire(c, yours, wire)
			c.Fatalf("ConnectMCP(%q, ...) returned %s. Before the answer to initialize, the server wrote %s: skip them all, "+
				"and read on until the response (no method) that quotes your request's id. The wire is below.", m.Server, said(got.Error), skipped)
		}
		wantList := checkkit.Get[play.Listed](c, ref, play.Key(k, "tools"))
		gotList := checkkit.Get[play.Listed](c, yours, play.Key(k, "tools"))
		if wantList.Error != nil {
			c.KitFatalf("the reference's Tools() returned the error %s", *wantList.Error)
		}
		if gotList.Error != nil {
			logWire(c, yours, wire)
			c.Fatalf("Tools() returned the error %s. Before the answer to tools/list, the server wrote %s: skip them "+
				"all, and read on until the response (no method) that quotes your request's id. The wire is below.", checkkit.Quote(*gotList.Error), skipped)
		}
		if !c.Equal("Tools() should list the tools of the answer that quotes the id of its tools/list request; "+
			"an answer with another id answers another request.", names(wantList.Specs), names(gotList.Specs)) {
			logWire(c, yours, wire)
		}
	})
}

// judgePolicyRulesServerTools: a server's tools pass through the policy
// under their namespaced names. A tool the policy does not list is denied
// and never reaches the server, whatever its description, its read-only
// annotation or an earlier result says.
func judgePolicyRulesServerTools(c *checkkit.C, yours, ref checkkit.Observed) {
	each(c, func(k int, l play.Loop) {
		connected(c, yours, ref, k, "connect", l.Server.Name, play.Key(k, "wire"))
		listed(c, yours, ref, play.Key(k, "tools"), l.Server.Name, play.Key(k, "wire"))
		want := checkkit.Get[play.Looped](c, ref, play.Key(k, "loop"))
		wantCalls := checkkit.Get[[]play.RemoteCall](c, ref, play.Key(k, "server calls"))
		if len(wantCalls) != 1 || wantCalls[0].Tool != "search" || want.Status != answered {
			c.KitFatalf("with the reference, the server received %+v and the run ended %q", wantCalls, want.Status)
		}
		got := checkkit.Get[play.Looped](c, yours, play.Key(k, "loop"))
		search := l.Server.Name + separator + "search"
		other := l.Server.Name + separator + l.Server.Tools[0].Name
		checkkit.SameMessages(c, "With a policy that allows only "+search+", the search should run and "+other+
			" should be denied, whatever the server says about it.", want.Messages, got.Messages, 1)
		c.Equal("The run should end answered.", want.Status, got.Status)
		c.Equal("Only the allowed call should reach the server.", wantCalls, checkkit.Get[[]play.RemoteCall](c, yours, play.Key(k, "server calls")))
	})
}

// results returns the tool results of a list.
func results(messages []lab.Message) []lab.Message {
	var out []lab.Message
	for _, m := range messages {
		if m.Role == lab.RoleToolResult {
			out = append(out, m)
		}
	}
	return out
}

// judgeArgumentsCheckedFirst: a call whose arguments break the schema the
// server gave never reaches the server; it gets an error result, and the
// next, correct call goes through.
func judgeArgumentsCheckedFirst(c *checkkit.C, yours, ref checkkit.Observed) {
	each(c, func(k int, l play.Loop) {
		connected(c, yours, ref, k, "connect", l.Server.Name, play.Key(k, "wire"))
		listed(c, yours, ref, play.Key(k, "tools"), l.Server.Name, play.Key(k, "wire"))
		want := results(checkkit.Get[play.Looped](c, ref, play.Key(k, "loop")).Messages)
		wantCalls := checkkit.Get[[]play.RemoteCall](c, ref, play.Key(k, "server calls"))
		if len(want) != 2 || !want[0].IsError || want[1].IsError || len(wantCalls) != 1 {
			c.KitFatalf("with the reference, the results were %+v and the server received %+v", want, wantCalls)
		}
		got := results(checkkit.Get[play.Looped](c, yours, play.Key(k, "loop")).Messages)
		field, _ := searchField(l.Server)
		c.Must(len(got) == 2, "Expected two results, one per call; got %d.", len(got))
		if !got[0].IsError {
			c.Errorf("The first call sent %s: 42 (a number where the server's schema says string) and a field the schema "+
				"does not list; its result should be an error from checking the arguments, before anything is sent. Got %s. "+
				"Does each tool keep the server's inputSchema as its Parameters?", field, checkkit.Quote(got[0].Content))
		}
		c.Equal(fmt.Sprintf("Only the call with good arguments should reach the server (%s: \"ada\").", field),
			wantCalls, checkkit.Get[[]play.RemoteCall](c, yours, play.Key(k, "server calls")))
	})
}
