package lab

import (
	"strings"
	"testing"
)

// The figures the lessons print come from these rules. Each case carries the
// seed figure it must reproduce.

var readSpec = Spec{
	Name:        "read",
	Description: "Read a text file and return its contents.",
	Parameters: Schema{
		"type": "object",
		"properties": Schema{"path": Schema{
			"type": "string", "description": "Path of the file to read."}},
		"required": []string{"path"},
	},
}

const system = "You are a helpful assistant."

func TestFigures(t *testing.T) {
	hi := []Message{User("Hi!")}
	tests := []struct {
		reason string
		tools  []Spec
		msgs   []Message
		want   int
	}{
		{"a greeting with no tools costs 23 tokens", nil, hi, 23},
		{"one small tool more than trebles it: 78", []Spec{readSpec}, hi, 78},
		{"the usage example asks 'What port?': 24", nil, []Message{User("What port?")}, 24},
	}
	for _, tt := range tests {
		if got := CountTokens(RenderRequest(system, tt.msgs, tt.tools)); got != tt.want {
			t.Errorf("%s: got %d tokens\n%s", tt.reason, got, RenderRequest(system, tt.msgs, tt.tools))
		}
	}
}

func TestOutputTokens(t *testing.T) {
	m := NewScriptedModel(Say("I checked config.py: the port is 8080."))
	reply := m.Complete(system, []Message{User("What port?")}, nil)
	want := Usage{Input: 24, CacheRead: 0, Output: 17}
	if reply.Usage != want {
		t.Errorf("usage = %+v, want %+v", reply.Usage, want)
	}
}

func TestBillForTwoFiles(t *testing.T) {
	// The lesson 02 transcript: one reply asks for two files, the next reports.
	ws := NewWorkspace(map[string]string{"config.py": "PORT = 9090\n", "backup.py": "PORT = 7070\n"})
	report := Respond(func(r Request) Message {
		a, _ := r.ResultFor("c1")
		b, _ := r.ResultFor("c2")
		return Say("Here is what the files say. c1: " + trim(a.Content) + "; c2: " + trim(b.Content) + ".")
	})
	m := NewScriptedModel(Reply(Text("Let me look at both."),
		Call("read", Args{"path": "config.py"}), Call("read", Args{"path": "backup.py"})), report)
	msgs := []Message{User("Which ports do config.py and backup.py use?")}
	reply := m.Complete(system, msgs, []Spec{readSpec})
	msgs = append(msgs, reply)
	for _, b := range reply.Blocks {
		if b.Type == ToolCallBlock {
			text, _ := ws.ReadText(b.Arguments["path"].(string))
			msgs = append(msgs, result(b, text))
		}
	}
	msgs = append(msgs, m.Complete(system, msgs, []Spec{readSpec}))
	if got := m.Bill(); got != 297 {
		t.Errorf("bill = %d, want 297\n%s", got, Show(msgs))
	}
}

func TestTodayFigures(t *testing.T) {
	today := Spec{Name: "today", Description: "Return today's date.",
		Parameters: Schema{"type": "object", "properties": Schema{}, "required": []string{}}}
	m := NewScriptedModel(Reply(Call("today", Args{})), Respond(func(r Request) Message {
		res, _ := r.ResultFor("c1")
		return Say("It is " + res.Content + ".")
	}))
	msgs := []Message{User("What is the date?")}
	reply := m.Complete(system, msgs, []Spec{today})
	msgs = append(msgs, reply, result(reply.Blocks[0], "2026-09-19"))
	m.Complete(system, msgs, []Spec{today})
	if got := m.Bill(); got != 168 {
		t.Errorf("bill with the today tool = %d, want 168", got)
	}
	if got := CountTokens(EncodeJSON(specWire(today))); got != 31 {
		t.Errorf("today spec = %d tokens, want 31", got)
	}
	line := NewScriptedModel(Say("It is 2026-09-19."))
	line.Complete(system, []Message{User("Today is 2026-09-19.\nWhat is the date?")}, nil)
	if got := line.Bill(); got != 32 {
		t.Errorf("bill with a line = %d, want 32", got)
	}
	if got := CountTokens("Today is 2026-09-19.\n"); got != 6 {
		t.Errorf("the line = %d tokens, want 6", got)
	}
}

func trim(s string) string {
	for len(s) > 0 && (s[len(s)-1] == '\n') {
		s = s[:len(s)-1]
	}
	return s
}

func result(call Block, content string) Message {
	return Message{Role: RoleToolResult, ToolCallID: call.ID, ToolName: call.Name, Content: content}
}

// TestSuccessSendsIsErrorFalse pins the lab's choice between the two shapes
// the course's seeds show for a successful tool result: the key is always
// sent, "is_error": false on success, as the reference agent does. The
// seed's figures hold only with that choice: without the key, the
// two-file transcript and the today tool would cost less.
func TestSuccessSendsIsErrorFalse(t *testing.T) {
	call := Call("read", Args{"path": "config.py"}).WithID("c1")
	ok := RenderRequest(system, []Message{result(call, "PORT = 9090\n")}, nil)
	if !strings.Contains(ok, `"is_error": false`) {
		t.Errorf("a successful result should carry \"is_error\": false:\n%s", ok)
	}
	failed := result(call, "Error: no tool called raed")
	failed.IsError = true
	if got := RenderRequest(system, []Message{failed}, nil); !strings.Contains(got, `"is_error": true`) {
		t.Errorf("a failed result should carry \"is_error\": true:\n%s", got)
	}

	// The today figure, with the key and without it: 168 holds only with it.
	today := Spec{Name: "today", Description: "Return today's date.",
		Parameters: Schema{"type": "object", "properties": Schema{}, "required": []string{}}}
	m := NewScriptedModel(Reply(Call("today", Args{})), Say("It is 2026-09-19."))
	msgs := []Message{User("What is the date?")}
	reply := m.Complete(system, msgs, []Spec{today})
	msgs = append(msgs, reply, result(reply.Blocks[0], "2026-09-19"))
	second := RenderRequest(system, msgs, []Spec{today})
	without := strings.Replace(second, `, "is_error": false`, "", 1)
	if without == second {
		t.Fatalf("the second request holds no \"is_error\": false to leave out:\n%s", second)
	}
	if CountTokens(without) >= CountTokens(second) {
		t.Errorf("leaving the key out should make the request cheaper: %d tokens with it, %d without", CountTokens(second), CountTokens(without))
	}
}
