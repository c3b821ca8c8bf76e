package lab

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

func call(id, name string) Block { return Call(name, Args{"path": "config.py"}).WithID(id) }

func res(id string) Message {
	return Message{Role: RoleToolResult, ToolCallID: id, ToolName: "read", Content: "PORT = 9090\n"}
}

func TestValidate(t *testing.T) {
	q := User("What is in config.py?")
	tests := []struct {
		reason string
		msgs   []Message
		want   []string
	}{
		{"a question, two calls, their results in order, an answer: fit to send",
			[]Message{q, Reply(call("c1", "read"), call("c2", "read")), res("c1"), res("c2"), Say("Done.")}, nil},
		{"a call with no result is the provider's classic refusal",
			[]Message{q, Reply(call("c1", "read"))},
			[]string{"messages[1]: toolCall c1 has no toolResult"}},
		{"the result as a user message does not answer the call",
			[]Message{q, Reply(call("c1", "read")), User("Tool output: PORT = 9090")},
			[]string{"messages[1]: toolCall c1 has no toolResult"}},
		{"an orphan result answers a call that is not in the list",
			[]Message{q, Say("I will check the file."), res("c1")},
			[]string{"messages[2]: toolResult c1 answers no toolCall in the messages before it"}},
		{"a late result comes after another message, and a second answer is a duplicate",
			[]Message{q, Reply(call("c1", "read")), User("Never mind, do X."), res("c1"), res("c1")},
			[]string{
				"messages[3]: toolResult c1 is late: it must come right after messages[1], the assistant message that made the call",
				"messages[4]: toolResult c1 is a duplicate: c1 was already answered at messages[3]",
			}},
		{"a duplicate right after the call",
			[]Message{q, Reply(call("c1", "read")), res("c1"), res("c1")},
			[]string{"messages[3]: toolResult c1 is a duplicate: c1 was already answered at messages[2]"}},
		{"results out of call order: the lab is stricter than providers",
			[]Message{q, Reply(call("c1", "read"), call("c2", "read")), res("c2"), res("c1")},
			[]string{"messages[2]: toolResult c2 is out of call order: the calls were c1, c2, so the result for c1 comes first"}},
		{"an unknown role",
			[]Message{{Role: "system", Content: "Be brief."}, q},
			[]string{`messages[0]: unknown role "system" (want "user", "assistant" or "toolResult")`}},
		{"a result that names another tool",
			[]Message{q, Reply(call("c1", "read")), {Role: RoleToolResult, ToolCallID: "c1", ToolName: "write"}},
			[]string{`messages[2]: toolResult c1 says tool_name "write", but call c1 asked for "read"`}},
		{"a call without an id cannot be answered",
			[]Message{q, Reply(Call("read", nil))},
			[]string{"messages[1]: content[0]: toolCall read has no id"}},
		{"words in the wrong field of an assistant message",
			[]Message{q, {Role: RoleAssistant, Content: "Hi"}},
			[]string{"messages[1]: an assistant message keeps its content in Blocks, not in Content"}},
		{"a user message with blocks",
			[]Message{{Role: RoleUser, Blocks: []Block{Text("Hi")}}},
			[]string{"messages[0]: a user message keeps its words in Content; Blocks is for assistant messages"}},
		{"two calls with one id",
			[]Message{q, Reply(call("c1", "read"), call("c1", "read")), res("c1")},
			[]string{"messages[1]: toolCall id c1 is used twice; every call needs an id of its own"}},
	}
	for _, tt := range tests {
		got := Validate(tt.msgs)
		if diff := cmp.Diff(tt.want, got); diff != "" {
			t.Errorf("%s: Validate() mismatch (-want +got):\n%s", tt.reason, diff)
		}
	}
}
