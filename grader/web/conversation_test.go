package web

import (
	"strings"
	"testing"

	"harnesslab/grader"
	"harnesslab/lab"
)

// TestConversationPairsByID: each call is drawn with the result that
// carries its id, wherever that result stands; a call with no result and a
// result with no call are both kept and marked.
func TestConversationPairsByID(t *testing.T) {
	msgs := []lab.WireMessage{
		{Role: lab.RoleUser, Content: "q"},
		{Role: lab.RoleAssistant, Blocks: []lab.WireBlock{
			{Type: lab.TextBlock, Text: "two files"},
			{Type: lab.ToolCallBlock, ID: "c1", Name: "read", Arguments: lab.Args{"path": "a"}},
			{Type: lab.ToolCallBlock, ID: "c2", Name: "read", Arguments: lab.Args{"path": "b"}},
			{Type: lab.ToolCallBlock, ID: "c3", Name: "read", Arguments: lab.Args{"path": "c"}},
		}},
		{Role: lab.RoleToolResult, ToolCallID: "c2", Content: "B"}, // out of call order
		{Role: lab.RoleToolResult, ToolCallID: "c1", Content: "A", IsError: true},
		{Role: lab.RoleToolResult, ToolCallID: "c9", Content: "nobody asked"},
	}
	items := conversation(msgs)
	if len(items) != 3 {
		t.Fatalf("got %d items, want user, assistant and the orphan result", len(items))
	}
	blocks := items[1].Blocks
	if len(blocks) != 4 || blocks[0].Text != "two files" {
		t.Fatalf("assistant blocks = %+v, want the text then three calls, in order", blocks)
	}
	cases := []struct {
		reason  string
		call    *callView
		id      string
		content string
		isError bool
	}{
		{"c1's result comes second but is paired with c1", blocks[1].Call, "c1", "A", true},
		{"c2's result comes first and is paired with c2", blocks[2].Call, "c2", "B", false},
	}
	for _, c := range cases {
		if c.call == nil || c.call.ID != c.id || c.call.Result == nil || c.call.Result.Text != c.content || c.call.Result.IsError != c.isError {
			t.Errorf("%s: got %+v", c.reason, c.call)
		}
	}
	if blocks[3].Call == nil || blocks[3].Call.Result != nil {
		t.Errorf("c3 has no result and should be drawn without one: %+v", blocks[3].Call)
	}
	if !items[2].Orphan || items[2].ID != "c9" {
		t.Errorf("the result for c9 should be marked as answering no call: %+v", items[2])
	}
}

// TestDrawTranscriptTotals: the bill adds up the requests, refusals are
// counted and reads are listed in order.
func TestDrawTranscriptTotals(t *testing.T) {
	tr := lab.NewTranscript("t")
	tr.Events = []lab.Event{
		{Kind: lab.EventRequest, Tokens: 23},
		{Kind: lab.EventRead, Path: "a"},
		{Kind: lab.EventRequest, Tokens: 78},
		{Kind: lab.EventRefusal, Error: "400"},
		{Kind: lab.EventRead, Path: "b"},
	}
	v := drawTranscript(tr)
	if v.Requests != 2 || v.Bill != 101 || v.Refused != 1 || len(v.Reads) != 2 || v.Reads[1] != "b" {
		t.Errorf("totals = %d requests, %d tokens, %d refused, reads %v", v.Requests, v.Bill, v.Refused, v.Reads)
	}
	if v.Events[3].Number != 2 {
		t.Errorf("the refusal is numbered %d, want request 2", v.Events[3].Number)
	}
}

// TestLineDiffMarksOnlyChangedLines: equal lines stay unmarked; a changed
// line is one marked row with both versions; an extra line is marked.
func TestLineDiffMarksOnlyChangedLines(t *testing.T) {
	rows := lineDiff("a\nb\nc\n", "a\nB\nc\nd\n")
	want := []diffRow{{"a", "a", false}, {"b", "B", true}, {"c", "c", false}, {"", "d", true}}
	if len(rows) != len(want) {
		t.Fatalf("rows = %+v, want %+v", rows, want)
	}
	for i := range want {
		if rows[i] != want[i] {
			t.Errorf("row %d = %+v, want %+v", i, rows[i], want[i])
		}
	}
}

// TestLessonDrawsACellsTranscript: a cell that recorded its run has it
// drawn under its output, inside the quiz's fold when the cell answers a
// question.
func TestLessonDrawsACellsTranscript(t *testing.T) {
	rec := lab.NewRecorder("the cell's chat")
	rec.Model(lab.NewScriptedModel(lab.Reply(lab.Call("read", lab.Args{"path": "config.py"})))).
		Complete("sys", []lab.Message{lab.User("What port?")}, nil)
	cell := &grader.Cell{Name: "01-x", Code: "package main", Output: "9090\n", Transcripts: []lab.Transcript{rec.Transcript()}}
	d := lessonData{Number: "99", Title: "T", Parts: []lessonPart{{Cell: cell, Quiz: true, Drawn: drawTranscripts(cell.Transcripts)}}}
	var b strings.Builder
	if err := (&Site{}).render(&b, "lesson.html", d); err != nil {
		t.Fatal(err)
	}
	page := b.String()
	fold, drawn := strings.Index(page, `<details class="quiz">`), strings.Index(page, "the cell&#39;s chat")
	end := strings.LastIndex(page, "</details>")
	if fold < 0 || drawn < fold || drawn > end {
		t.Errorf("the transcript should be drawn inside the quiz's fold (fold at %d, transcript at %d, end at %d)", fold, drawn, end)
	}
	mustContain(t, page, "call c1", "read({&#34;path&#34;: &#34;config.py&#34;})", "1 request,")
}

// TestCorrectRunReadsAsCorrect: in a run with nothing wrong, the reply that
// asks for two files says where each call's result went (the next
// request), the second request counts the 4 messages it carried, and each
// tool's read is drawn on the line of the run that made it, not as a line
// of its own.
func TestCorrectRunReadsAsCorrect(t *testing.T) {
	ask := lab.WireMessage{Role: lab.RoleAssistant, Blocks: []lab.WireBlock{
		{Type: lab.ToolCallBlock, ID: "c1", Name: "read", Arguments: lab.Args{"path": "config.py"}},
		{Type: lab.ToolCallBlock, ID: "c2", Name: "read", Arguments: lab.Args{"path": "app.py"}},
	}}
	user := lab.WireMessage{Role: lab.RoleUser, Content: "What port?"}
	r1 := lab.WireMessage{Role: lab.RoleToolResult, ToolCallID: "c1", ToolName: "read", Content: "PORT = 9090\n"}
	r2 := lab.WireMessage{Role: lab.RoleToolResult, ToolCallID: "c2", ToolName: "read", Content: "import config\n"}
	tr := lab.NewTranscript("a correct run")
	tr.Events = []lab.Event{
		{Kind: lab.EventRequest, Tokens: 78, Messages: []lab.WireMessage{user}},
		{Kind: lab.EventReply, Reply: &ask},
		{Kind: lab.EventRead, Path: "config.py"},
		{Kind: lab.EventTool, Tool: "read", Arguments: lab.Args{"path": "config.py"}, Result: "PORT = 9090\n"},
		{Kind: lab.EventRead, Path: "app.py"},
		{Kind: lab.EventTool, Tool: "read", Arguments: lab.Args{"path": "app.py"}, Result: "import config\n"},
		{Kind: lab.EventRequest, Tokens: 120, Messages: []lab.WireMessage{user, ask, r1, r2}},
		{Kind: lab.EventReply, Reply: &lab.WireMessage{Role: lab.RoleAssistant, Blocks: []lab.WireBlock{{Type: lab.TextBlock, Text: "9090"}}}},
	}
	var b strings.Builder
	if err := (&Site{}).render(&b, "transcript", drawTranscript(tr)); err != nil {
		t.Fatal(err)
	}
	page := b.String()
	mustContain(t, page,
		"sent by the harness in request 2, as message 2", "sent by the harness in request 2, as message 3",
		"Request 2: <strong>120 tokens</strong> billed, 4 messages",
		"(read <code>config.py</code>)", "(read <code>app.py</code>)",
		"files read, in order: <code>config.py</code>, <code>app.py</code>")
	for _, wrong := range []string{"nothing in this list answers", "no result", `<p class="io">read`, "drawn"} {
		if strings.Contains(page, wrong) {
			t.Errorf("a correct run's drawing says %q", wrong)
		}
	}
	if t.Failed() {
		t.Logf("the drawing:\n%s", page)
	}

	// The run stops after a reply that asks: nothing follows to answer it.
	tr.Events = tr.Events[:2]
	b.Reset()
	if err := (&Site{}).render(&b, "transcript", drawTranscript(tr)); err != nil {
		t.Fatal(err)
	}
	mustContain(t, b.String(), "would go in the next request; the run sent none")
}
