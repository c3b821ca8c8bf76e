package lab

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestRecorderWritesARunInOrder runs a two-step tool conversation through a
// recorder and checks every event, in order, against what the model and the
// tools really did.
func TestRecorderWritesARunInOrder(t *testing.T) {
	ws := NewWorkspace(map[string]string{"config.py": "PORT = 9090\n"})
	rec := NewRecorder("one run")
	rec.Watch(ws)
	model := rec.Model(NewScriptedModel(Reply(Call("read", Args{"path": "config.py"})), Say("9090")))
	read := Tool{Name: "read", Description: "Read a file.", Parameters: Schema{"type": "object"},
		Execute: func(a Args) (string, error) { return ws.ReadText(a["path"].(string)) }}
	tools := rec.Tools(read)
	specs := []Spec{{Name: "read", Description: "Read a file.", Parameters: Schema{"type": "object"}}}

	msgs := []Message{User("What port?")}
	reply := model.Complete("sys", msgs, specs)
	call := reply.Blocks[0]
	out, err := tools[0].Execute(call.Arguments)
	if err != nil || out != "PORT = 9090\n" {
		t.Fatalf("the wrapped tool changed what it returns: %q, %v", out, err)
	}
	msgs = append(msgs, reply, Message{Role: RoleToolResult, ToolCallID: call.ID, ToolName: "read", Content: out})
	model.Complete("sys", msgs, specs)

	got := rec.Transcript()
	var kinds []string
	for _, e := range got.Events {
		kinds = append(kinds, e.Kind)
	}
	want := "request reply read tool request reply"
	if strings.Join(kinds, " ") != want {
		t.Fatalf("events = %v, want %s", kinds, want)
	}
	if got.Format != TranscriptFormat || got.Version != TranscriptVersion || got.Title != "one run" {
		t.Errorf("header = %q %d %q, want the current format and the title", got.Format, got.Version, got.Title)
	}
	first := got.Events[0]
	if first.Tokens != CountTokens(RenderRequest("sys", msgs[:1], specs)) || first.System != "sys" || len(first.Tools) != 1 {
		t.Errorf("first request = %+v, want its bill, system and tool", first)
	}
	if r := got.Events[1].Reply; r == nil || r.Blocks[0].ID != "c1" || r.Usage == nil || r.Usage.Input != first.Tokens {
		t.Errorf("first reply = %+v, want call c1 with its usage", r)
	}
	if e := got.Events[2]; e.Path != "config.py" {
		t.Errorf("read event = %+v, want config.py", e)
	}
	if e := got.Events[3]; e.Tool != "read" || e.Arguments["path"] != "config.py" || e.Result != out || e.IsError {
		t.Errorf("tool event = %+v", e)
	}
	if n := len(got.Events[4].Messages); n != 3 {
		t.Errorf("second request carried %d messages, want 3", n)
	}
}

// TestRecorderMarksRefusalsAndToolErrors: a refused request is a refusal
// event with the provider's words, and a failing tool keeps its error.
func TestRecorderMarksRefusalsAndToolErrors(t *testing.T) {
	rec := NewRecorder("")
	model := rec.Model(NewScriptedModel(Say("unused")))
	reply := model.Complete("", nil, nil)
	if reply.Error == "" {
		t.Fatal("an empty request should be refused")
	}
	broken := Tool{Name: "boom", Execute: func(Args) (string, error) { return "", errors.New("disk on fire") }}
	if _, err := rec.Tools(broken)[0].Execute(Args{}); err == nil || err.Error() != "disk on fire" {
		t.Fatalf("the wrapped tool changed its error: %v", err)
	}
	got := rec.Transcript().Events
	if len(got) != 3 || got[1].Kind != EventRefusal || got[1].Error != reply.Error {
		t.Fatalf("events = %+v, want request, refusal with %q, tool", got, reply.Error)
	}
	if !got[2].IsError || got[2].Result != "disk on fire" {
		t.Errorf("tool event = %+v, want is_error and the error's words", got[2])
	}
}

// TestRecorderWritesEveryTryOfAProvider: a provider's failed try is a
// request and a refusal with the error's words, the try that gets through a
// request and its reply, and what the caller gets is unchanged.
func TestRecorderWritesEveryTryOfAProvider(t *testing.T) {
	clock := NewFakeClock(time.Date(2026, 3, 14, 9, 0, 0, 0, time.UTC))
	flaky := NewFlakyModel("main", clock, NewScriptedModel(Say("9090")), Fail(Overloaded(Anthropic)))
	rec := NewRecorder("")
	p := rec.Provider(flaky)
	if p.Name() != "main" {
		t.Errorf("Name() = %q, want the wrapped provider's, main", p.Name())
	}
	question := []Message{User("Which port?")}
	_, failed := p.Send("", question, nil, clock.Now().Add(time.Second))
	reply, err := p.Send("", question, nil, clock.Now().Add(time.Second))
	if failed == nil || err != nil || Show([]Message{reply}) != Show([]Message{Say("9090")}) {
		t.Fatalf("the wrapped provider changed its answers: first error %v, then %s, %v", failed, Show([]Message{reply}), err)
	}
	got := rec.Transcript().Events
	kinds := make([]string, len(got))
	for i, e := range got {
		kinds[i] = e.Kind
	}
	want := []string{EventRequest, EventRefusal, EventRequest, EventReply}
	if fmt.Sprint(kinds) != fmt.Sprint(want) {
		t.Fatalf("events = %v, want %v", kinds, want)
	}
	if got[1].Error != failed.Error() || got[3].Reply == nil || len(got[3].Reply.Blocks) != 1 || got[3].Reply.Blocks[0].Text != "9090" {
		t.Errorf("refusal %q and reply %+v, want %q and the text 9090", got[1].Error, got[3].Reply, failed.Error())
	}
}

// TestTranscriptIsACopy: changing a returned transcript does not change the
// recorder's record.
func TestTranscriptIsACopy(t *testing.T) {
	rec := NewRecorder("")
	rec.Model(NewScriptedModel(Say("hi"))).Complete("", []Message{User("x")}, nil)
	first := rec.Transcript()
	first.Events[0].Messages[0].Content = "changed"
	if again := rec.Transcript(); again.Events[0].Messages[0].Content != "x" {
		t.Errorf("the record changed through a returned copy: %q", again.Events[0].Messages[0].Content)
	}
}

// TestTrimMarksTheCut: a transcript over the limit keeps its first events
// and says what it left out; one under the limit is untouched.
func TestTrimMarksTheCut(t *testing.T) {
	tr := NewTranscript("big")
	for range 50 {
		tr.Events = append(tr.Events, Event{Kind: EventRead, Path: strings.Repeat("p", 100)})
	}
	small := tr
	small.Events = tr.Events[:2]
	if small.Trim(10000) || small.Cut {
		t.Error("a small transcript was cut")
	}
	if !tr.Trim(1000) || !tr.Cut || len(tr.Events) >= 50 || !strings.Contains(tr.Note, "of 50 events") {
		t.Errorf("cut = %v, %d events, note %q; want a marked cut", tr.Cut, len(tr.Events), tr.Note)
	}
	data, _ := json.Marshal(tr)
	if len(data) > 1000 {
		t.Errorf("trimmed transcript is %d bytes, over the 1000 asked", len(data))
	}
}

// TestWriteTranscriptIsOptIn: without the variable nothing is written; with
// it, ReadTranscripts gets back what was recorded.
func TestWriteTranscriptIsOptIn(t *testing.T) {
	t.Setenv(EnvTranscript, "")
	rec := NewRecorder("cell")
	rec.Model(NewScriptedModel(Say("hi"))).Complete("", []Message{User("x")}, nil)
	if err := WriteTranscript(rec); err != nil {
		t.Fatalf("without %s: %v", EnvTranscript, err)
	}
	path := filepath.Join(t.TempDir(), "t.json")
	t.Setenv(EnvTranscript, path)
	if err := WriteTranscript(rec); err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	all, err := ReadTranscripts(data)
	if err != nil || len(all) != 1 || len(all[0].Events) != 2 || all[0].Title != "cell" {
		t.Fatalf("read back %+v, %v", all, err)
	}
	if _, err := ReadTranscripts([]byte(`[{"format":"other","version":1}]`)); err == nil {
		t.Error("a transcript of another format was accepted")
	}
}
