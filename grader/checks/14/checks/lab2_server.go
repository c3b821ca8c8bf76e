package checks

import (
	"encoding/json"
	"fmt"
	"strings"

	"harnesslab/grader/checkkit"
	"harnesslab/grader/checks/14/play"
	"harnesslab/lab"
)

// served judges a session between the SDK client and a server: the
// reference's went through, and yours must have too, framed line by line;
// what went wrong is said for a beginner. what says what the client was
// doing: "connect to your server".
func served(c *checkkit.C, yours, ref checkkit.Observed, k int, what string) {
	want := checkkit.Get[play.Served](c, ref, play.Key(k, "session"))
	if want.ClientError != nil || want.ServeError != nil || want.Early {
		c.KitFatalf("the SDK client could not %s the reference's server: %s, %s", what, said(want.ClientError), said(want.ServeError))
	}
	s := checkkit.Get[play.Served](c, yours, play.Key(k, "session"))
	if len(s.Log) > 0 {
		c.Logf("The wire, line by line:\n%s", checkkit.Indent(strings.Join(s.Log, "\n")))
	}
	sent, problems := lines("your server", s.Wire)
	for _, m := range sent {
		if (m.ID == nil || string(m.ID) == "null") && (m.Error == nil || m.Error.Code != parseError) {
			problems = append(problems, "your server wrote an answer with no id: "+
				checkkit.Quote(play.Clip(m.Raw))+". A notification (a message with no id) gets no answer, and every answer quotes the id of its request.")
		}
	}
	for _, p := range problems {
		c.Errorf("%s", p)
	}
	if len(problems) > 0 {
		c.Fatalf("The official SDK client talked to your server; the wire is below.")
	}
	if s.Early {
		returned := "ServeMCP returned"
		if s.ServeError != nil {
			returned += " the error " + checkkit.Quote(*s.ServeError)
		}
		c.Fatalf("%s after writing %s, while the SDK client was still talking, so the client could not %s. "+
			"A session ends when the input ends, not after one request or one call. The wire is below.",
			returned, checkkit.Plural(len(sent), "answer"), what)
	}
	if s.ClientError != nil && len(sent) == 0 {
		c.Fatalf("The official SDK client could not %s: %s. Your server wrote nothing. An SDK client first asks for "+
			"server/discover, a method your server does not offer: it must answer with the error -32601, and then the "+
			"client sends initialize. The wire is below.", what, *s.ClientError)
	}
	if s.ClientError != nil {
		c.Fatalf("The official SDK client could not %s: %s. The wire is below: what did your server write, or leave unanswered?", what, *s.ClientError)
	}
	if s.ServeError != nil {
		c.Errorf("ServeMCP returned the error %s when its input ended; the end of the input is the normal end of a session: return nil.", checkkit.Quote(*s.ServeError))
	}
}

// noRuns fails c when a tool ran in run k of yours.
func noRuns(c *checkkit.C, yours checkkit.Observed, k int, sentence string) {
	c.Equal(sentence, 0, len(checkkit.Get[[]checkkit.ToolRun](c, yours, play.Key(k, "tool runs"))))
}

// judgeSDKClientConnects: the SDK client, as it comes, connects to the
// student's server: it is told the lesson's version, the server's name, and
// that the server offers tools.
func judgeSDKClientConnects(c *checkkit.C, yours, ref checkkit.Observed) {
	each(c, func(k int, _ string) {
		served(c, yours, ref, k, "connect to your server")
		want := checkkit.Get[play.Greeted](c, ref, play.Key(k, "initialize"))
		if want != (play.Greeted{Got: true, Version: mcpVersion, Tools: true, Name: serverName}) {
			c.KitFatalf("the reference's server told the SDK client %+v", want)
		}
		got := checkkit.Get[play.Greeted](c, yours, play.Key(k, "initialize"))
		c.Must(got.Got, "The SDK client connected but has no answer to initialize.")
		c.Equal("The answer to initialize should give protocol version "+checkkit.Quote(mcpVersion)+", a \"tools\" capability, and the server's name "+checkkit.Quote(serverName)+".",
			[]any{want.Version, want.Tools, want.Name}, []any{got.Version, got.Tools, got.Name})
		noRuns(c, yours, k, "No tool should run while connecting.")
	})
}

// judgeServerListsTools: tools/list gives every tool of the server, each
// with its name, description and input schema, as often as it is asked.
func judgeServerListsTools(c *checkkit.C, yours, ref checkkit.Observed) {
	each(c, func(k int, _ string) {
		served(c, yours, ref, k, "list your server's tools")
		want := checkkit.Get[[][]lab.Spec](c, ref, play.Key(k, "lists"))
		got := checkkit.Get[[][]lab.Spec](c, yours, play.Key(k, "lists"))
		if len(want) != 2 || len(want[0]) != 2 {
			c.KitFatalf("the reference's server listed %+v", want)
		}
		c.Must(len(got) == len(want), "The SDK client got %d answers to tools/list; it asked %d times.", len(got), len(want))
		for i := range want {
			if !c.Equal(fmt.Sprintf("Answer %d to tools/list should hold every tool, with its name, description and inputSchema.", i+1), want[i], got[i]) {
				return
			}
		}
		noRuns(c, yours, k, "Listing tools should run none.")
	})
}

// judgeServerRunsCalls: tools/call runs the named tool once with the
// arguments given, and answers with one text block and isError as the
// harness's RunTool says: a working call, a failing tool, bad arguments and
// an unknown tool, one after the other on one connection.
func judgeServerRunsCalls(c *checkkit.C, yours, ref checkkit.Observed) {
	each(c, func(k int, calls play.Calls) {
		served(c, yours, ref, k, fmt.Sprintf("make %d calls in a row", len(calls.Calls)))
		want := checkkit.Get[[]play.SDKResult](c, ref, play.Key(k, "results"))
		got := checkkit.Get[[]play.SDKResult](c, yours, play.Key(k, "results"))
		if len(want) != len(calls.Calls) {
			c.KitFatalf("the SDK client got %d answers from the reference's server", len(want))
		}
		c.Must(len(got) == len(want), "The SDK client got %d answers to %d calls.", len(got), len(want))
		for i, call := range calls.Calls {
			if _, ok := call.Args["a"].(string); !ok {
				continue
			}
			// The bad arguments' wording is lesson 05's: only its shape is
			// checked.
			var bad struct {
				Content []struct{ Text string }
				IsError bool
			}
			_ = json.Unmarshal([]byte(got[i].Result), &bad)
			if !bad.IsError || len(bad.Content) != 1 {
				c.Errorf("The call %s with a: \"two\" breaks the tool's schema: its answer should be one text block with isError: true; got %s.", call.Name, got[i].Result)
			}
			want[i] = got[i]
		}
		c.Equal("Each call should be answered with the tool's text, or the error RunTool gives, in one text block, isError set for a failure.", want, got)
		checkkit.SameToolRuns(c, "Each call with good arguments to a tool that exists should run it once, with those arguments.",
			checkkit.Get[[]checkkit.ToolRun](c, ref, play.Key(k, "tool runs")), toolRuns(checkkit.Get[[]checkkit.ToolRun](c, yours, play.Key(k, "tool runs"))))
	})
}
