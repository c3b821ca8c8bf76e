package lab

import "testing"

func TestVersionCountsWritesOfOnePath(t *testing.T) {
	ws := NewWorkspace(map[string]string{"a.txt": "one", "b.txt": "two"})
	if got := ws.Version("a.txt"); got != 0 {
		t.Fatalf("Version(a.txt) before any write = %d, want 0", got)
	}
	ws.WriteText("a.txt", "one")
	ws.WriteText("b.txt", "three")
	ws.WriteText("a.txt", "four")
	if got := ws.Version("a.txt"); got != 2 {
		t.Errorf("Version(a.txt) after two writes = %d, want 2 (the same text written again still counts)", got)
	}
	if got := ws.Version("b.txt"); got != 1 {
		t.Errorf("Version(b.txt) after one write = %d, want 1", got)
	}
	if got := len(ws.Reads()); got != 0 {
		t.Errorf("Version logged %d reads, want none", got)
	}
}

// echo answers every request with the text of the file it watches, so a test
// can see what the disk held when the model was asked.
type echo struct {
	ws   *Workspace
	path string
}

func (e echo) Complete(string, []Message, []Spec) Message {
	text, _ := e.ws.Peek(e.path)
	return Message{Role: RoleAssistant, Blocks: []Block{{Type: TextBlock, Text: text}}}
}

func TestTeammateWritesJustBeforeItsRequest(t *testing.T) {
	ws := NewWorkspace(map[string]string{"notes.md": "mine"})
	m := &Teammate{Model: echo{ws, "notes.md"}, WS: ws, At: 2, Path: "notes.md", Text: "theirs"}
	var got []string
	for range 3 {
		reply := m.Complete("", nil, nil)
		got = append(got, reply.Blocks[0].Text)
	}
	want := []string{"mine", "theirs", "theirs"}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("request %d saw %q, want %q", i+1, got[i], want[i])
		}
	}
	if v := ws.Version("notes.md"); v != 1 {
		t.Errorf("the teammate wrote %d times, want once", v)
	}
}
