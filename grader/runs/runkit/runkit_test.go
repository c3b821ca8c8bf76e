package runkit

import (
	"bytes"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"harnesslab/lab"
)

// modelFunc is a lab.Model made of a function.
type modelFunc func(system string, messages []lab.Message, tools []lab.Spec) lab.Message

func (f modelFunc) Complete(system string, messages []lab.Message, tools []lab.Spec) lab.Message {
	return f(system, messages, tools)
}

// TestProviderTurnsRefusalIntoError: a refused reply becomes the
// *lab.ProviderError its words stand for, and a good reply passes unchanged.
func TestProviderTurnsRefusalIntoError(t *testing.T) {
	refuse := true
	model := modelFunc(func(string, []lab.Message, []lab.Spec) lab.Message {
		if refuse {
			return lab.Message{Role: lab.RoleAssistant, StopReason: "error", Error: "429 rate_limit_error: slow down"}
		}
		return lab.Say("port 9090")
	})
	p := Provider(model, "openai:local")
	if p.Name() != "openai:local" {
		t.Errorf("Name() = %q, want %q", p.Name(), "openai:local")
	}
	_, err := p.Send("", []lab.Message{lab.User("hi")}, nil, time.Now().Add(time.Minute))
	var pe *lab.ProviderError
	if !errors.As(err, &pe) {
		t.Fatalf("a refused reply: err = %v, want a *lab.ProviderError", err)
	}
	if pe.Status != 429 || pe.Type != "rate_limit_error" || pe.Message != "slow down" {
		t.Errorf("a refused reply became %+v, want status 429, type rate_limit_error, message %q", pe, "slow down")
	}
	refuse = false
	reply, err := p.Send("", []lab.Message{lab.User("hi")}, nil, time.Now().Add(time.Minute))
	if err != nil || lab.Show([]lab.Message{reply}) != `assistant -> "port 9090"` {
		t.Errorf("a good reply: got %s, err %v; want it unchanged and no error", lab.Show([]lab.Message{reply}), err)
	}
}

// sayHello is a server that speaks Chat Completions and always says hello.
func sayHello(w http.ResponseWriter, _ *http.Request) {
	fmt.Fprint(w, `{"choices":[{"message":{"role":"assistant","content":"Hello."},"finish_reason":"stop"}],"usage":{"prompt_tokens":10,"completion_tokens":2}}`)
}

// TestNotesFollowTheConversation: a scenario's notes are printed after the
// conversation and before the bill, and are not asked for when the student's
// code panicked.
func TestNotesFollowTheConversation(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(sayHello))
	defer srv.Close()
	t.Setenv("OPENAI_API_KEY", "")
	args := []string{"-model", "openai:local", "-base-url", srv.URL}
	s := Scenario{
		Lesson: "99",
		Run: func(model lab.Model, _ *lab.Workspace, _ func(...lab.Tool) []lab.Tool) []lab.Message {
			messages := []lab.Message{lab.User("Hi.")}
			return append(messages, model.Complete("", messages, nil))
		},
		Notes: func() string { return "the outbox: empty\n" },
	}
	var stdout, stderr bytes.Buffer
	if code := run(s, args, &stdout, &stderr); code != 0 {
		t.Fatalf("exit %d, want 0; stderr:\n%s", code, &stderr)
	}
	out := stdout.String()
	reply, notes, bill := strings.Index(out, `assistant -> "Hello."`), strings.Index(out, "the outbox: empty\n\n"), strings.Index(out, "bill: ")
	if reply < 0 || notes < reply || bill < notes {
		t.Errorf("want the reply, then the notes, then the bill:\n%s", out)
	}

	asked := false
	s.Run = func(lab.Model, *lab.Workspace, func(...lab.Tool) []lab.Tool) []lab.Message {
		panic("Chat not implemented")
	}
	s.Notes = func() string { asked = true; return "" }
	stdout.Reset()
	if code := run(s, args, &stdout, &stderr); code != 1 || asked {
		t.Errorf("a panicking run: exit %d, notes asked %v; want exit 1 and no notes", code, asked)
	}
}

// TestUnreachableModelFails: a run whose model cannot be reached prints what
// happened and exits 1, naming the address; a refusal the harness got past
// (a retry that then succeeded) does not fail the run.
func TestUnreachableModelFails(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(sayHello))
	url := srv.URL
	srv.Close() // nothing listens there any more
	t.Setenv("OPENAI_API_KEY", "")
	s := Scenario{
		Lesson: "99",
		Run: func(model lab.Model, _ *lab.Workspace, _ func(...lab.Tool) []lab.Tool) []lab.Message {
			messages := []lab.Message{lab.User("Hi.")}
			return append(messages, model.Complete("", messages, nil))
		},
	}
	var stdout, stderr bytes.Buffer
	code := run(s, []string{"-model", "openai:local", "-base-url", url}, &stdout, &stderr)
	if code == 0 {
		t.Fatalf("a run against %s, where nothing listens, exits 0; want non-zero\nstdout:\n%s", url, &stdout)
	}
	if msg := stderr.String(); !strings.Contains(msg, "request 1 got no answer") || !strings.Contains(msg, "Is the server at "+url+" running") {
		t.Errorf("the failure does not say which request and where:\n%s", msg)
	}

	retried := lab.Transcript{Events: []lab.Event{
		{Kind: lab.EventRequest}, {Kind: lab.EventRefusal, Error: "429 rate_limit_error: slow down"},
		{Kind: lab.EventRequest}, {Kind: lab.EventReply},
	}}
	if why := unanswered(retried); why != "" {
		t.Errorf("a refusal followed by an answer: %q; want the run to count as finished", why)
	}
}
