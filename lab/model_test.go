package lab

import (
	"errors"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestScriptedModelNumbersCallsAndRecords(t *testing.T) {
	m := NewScriptedModel(
		Reply(Text("Both."), Call("read", Args{"path": "config.py"}), Call("read", Args{"path": "backup.py"})),
		Reply(Call("read", Args{"path": "x"}).WithID("mine")),
	)
	q := []Message{User("Which ports?")}
	reply := m.Complete("sys", q, []Spec{readSpec})
	var ids []string
	for _, b := range reply.Blocks {
		ids = append(ids, b.ID)
	}
	if diff := cmp.Diff([]string{"", "c1", "c2"}, ids); diff != "" {
		t.Errorf("the model numbers the calls it writes (-want +got):\n%s", diff)
	}
	if reply.StopReason != "toolUse" {
		t.Errorf("a reply with calls stops for toolUse, got %q", reply.StopReason)
	}
	q[0].Content = "changed later"
	if got := m.Calls()[0].Messages[0].Content; got != "Which ports?" {
		t.Errorf("a recorded request must not change when the caller's list does; got %q", got)
	}
	second := m.Complete("sys", []Message{User("again")}, nil)
	if second.Blocks[0].ID != "mine" {
		t.Errorf("an id given in the script is kept, got %q", second.Blocks[0].ID)
	}
}

func TestScriptedModelRefusesWithoutUsingTheScript(t *testing.T) {
	m := NewScriptedModel(Say("ok"))
	bad := []Message{User("q"), Reply(Call("read", nil).WithID("c1"))}
	reply := m.Complete("sys", bad, nil)
	want := "400 invalid_request: messages[1]: toolCall c1 has no toolResult"
	if reply.Error != want || reply.StopReason != "error" {
		t.Errorf("refusal = %q (stop %q), want %q", reply.Error, reply.StopReason, want)
	}
	if m.Remaining() != 1 || len(m.Calls()) != 0 || m.Bill() != 0 {
		t.Errorf("a refused request uses nothing: remaining %d, calls %d, bill %d", m.Remaining(), len(m.Calls()), m.Bill())
	}
	if got := m.Refusals(); len(got) != 1 || got[0] != want {
		t.Errorf("Refusals() = %q", got)
	}
	tools := []Spec{readSpec, readSpec}
	if r := m.Complete("sys", []Message{User("q")}, tools); r.Error != `400 invalid_request: tools[1]: tool name "read" is already used by tools[0]` {
		t.Errorf("duplicate tool names: got %q", r.Error)
	}
}

func TestScriptedModelRunsOut(t *testing.T) {
	m := NewScriptedModel(Say("only one"))
	m.Complete("sys", []Message{User("1")}, nil)
	defer func() {
		var e *ScriptExhausted
		if err, ok := recover().(error); !ok || !errors.As(err, &e) || e.Replies != 1 || e.Request != 2 {
			t.Errorf("asking past the script should panic with *ScriptExhausted{1, 2}, got %v", err)
		}
	}()
	m.Complete("sys", []Message{User("2")}, nil)
}

func TestForgetful(t *testing.T) {
	m := NewScriptedModel(Forgetful())
	ask := func(msgs ...Message) string {
		return m.Complete("sys", msgs, nil).Blocks[0].Text
	}
	tests := []struct {
		reason string
		msgs   []Message
		want   string
	}{
		{"told a name, it greets", []Message{User("My name is Ada.")}, "Nice to meet you, Ada."},
		{"asked with the name in the request, it knows", []Message{User("My name is Ada."), Say("Hi"), User("What is my name?")}, "Your name is Ada."},
		{"asked without it, it does not", []Message{User("What is my name?")}, "I don't know your name."},
		{"anything else", []Message{User("I look after the billing server.")}, "Noted."},
	}
	for _, tt := range tests {
		if got := ask(tt.msgs...); got != tt.want {
			t.Errorf("%s: got %q, want %q", tt.reason, got, tt.want)
		}
	}
	if m.Remaining() != 1 {
		t.Errorf("Forgetful is never used up")
	}
}

func TestWorkspace(t *testing.T) {
	ws := NewWorkspace(map[string]string{"a.txt": "A"})
	if text, err := ws.ReadText("a.txt"); err != nil || text != "A" {
		t.Errorf("ReadText(a.txt) = %q, %v", text, err)
	}
	_, err := ws.ReadText("missing.txt")
	if err == nil || err.Error() != "read missing.txt: file does not exist" {
		t.Errorf("a missing file is an error naming the path, got %v", err)
	}
	ws.WriteText("b.txt", "B")
	if _, ok := ws.Peek("b.txt"); !ok {
		t.Errorf("a written file can be read back")
	}
	if diff := cmp.Diff([]string{"a.txt", "missing.txt"}, ws.Reads()); diff != "" {
		t.Errorf("every read is logged, in order, and Peek is not (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff([]string{"a.txt", "b.txt"}, ws.Paths()); diff != "" {
		t.Errorf("Paths (-want +got):\n%s", diff)
	}
}

func TestShowAndEncode(t *testing.T) {
	msgs := []Message{
		User("Which ports?"),
		Reply(Text("Let me look."), Call("read", Args{"path": "config.py"}).WithID("c1")),
		{Role: RoleToolResult, ToolCallID: "c1", ToolName: "read", Content: "PORT = 9090\n"},
		{Role: RoleToolResult, ToolCallID: "c2", ToolName: "read", Content: "Error: no", IsError: true},
		{Role: RoleAssistant, Error: "400 invalid_request: x"},
	}
	want := `user -> "Which ports?"
assistant -> "Let me look." + toolCall c1 read({"path": "config.py"})
toolResult c1 -> "PORT = 9090\n"
toolResult c2 (error) -> "Error: no"
assistant -> refused: 400 invalid_request: x`
	if diff := cmp.Diff(want, Show(msgs)); diff != "" {
		t.Errorf("Show (-want +got):\n%s", diff)
	}
	enc := []struct {
		reason string
		in     any
		want   string
	}{
		{"keys sorted, Python separators", map[string]any{"b": 1, "a": []any{true, nil}}, `{"a": [true, null], "b": 1}`},
		{"non-ASCII escaped like Python's ensure_ascii", "café ☕ 𝄞", `"caf\u00e9 \u2615 \ud834\udd1e"`},
		{"whole floats print as integers, others as they are", []any{2.0, 2.5}, `[2, 2.5]`},
		{"structs go through encoding/json", struct{ N int }{3}, `{"N": 3}`},
	}
	for _, tt := range enc {
		if got := EncodeJSON(tt.in); got != tt.want {
			t.Errorf("%s: EncodeJSON = %s, want %s", tt.reason, got, tt.want)
		}
	}
}

func TestCallsAreCopies(t *testing.T) {
	m := NewScriptedModel(Always(Say("ok")))
	tools := []Spec{{Name: "read", Description: "Read a file.", Parameters: Schema{"type": "object"}}}
	m.Complete("sys", []Message{Reply(Call("read", Args{"path": "a"}).WithID("c9")), {Role: RoleToolResult, ToolCallID: "c9", ToolName: "read"}, User("q")}, tools)
	first := m.Calls()
	first[0].Messages[0].Blocks[0].Arguments["path"] = "changed"
	first[0].Messages[2].Content = "changed"
	first[0].Tools[0].Parameters["type"] = "changed"
	first[0].Tools[0].Description = "changed"
	again := m.Calls()[0]
	if again.Messages[0].Blocks[0].Arguments["path"] != "a" || again.Messages[2].Content != "q" ||
		again.Tools[0].Parameters["type"] != "object" || again.Tools[0].Description != "Read a file." {
		t.Errorf("changing what Calls returned changed the model's record: %+v", again)
	}
	if tools[0].Parameters["type"] != "object" {
		t.Errorf("changing what Calls returned changed the caller's tools")
	}
}
