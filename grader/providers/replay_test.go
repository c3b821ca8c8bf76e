package providers

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/rogpeppe/go-internal/txtar"

	"harnesslab/lab"
)

// testKey is the key the replays send; no reply, error or name may hold it.
const testKey = "sk-test-0123456789abcdef"

// recorded is one exchange from testdata: the request body the adapter
// must send, and the reply the server gives.
type recorded struct {
	request map[string]any
	status  int
	header  http.Header
	body    []byte
}

func loadRecorded(t *testing.T, name string) recorded {
	t.Helper()
	a, err := txtar.ParseFile(filepath.Join("testdata", name+".txtar"))
	if err != nil {
		t.Fatal(err)
	}
	r := recorded{header: http.Header{}}
	for _, f := range a.Files {
		switch f.Name {
		case "request.json":
			if err := json.Unmarshal(f.Data, &r.request); err != nil {
				t.Fatalf("%s: request.json: %v", name, err)
			}
		case "status":
			r.status, err = strconv.Atoi(strings.TrimSpace(string(f.Data)))
			if err != nil {
				t.Fatalf("%s: status: %v", name, err)
			}
		case "headers":
			for _, line := range strings.Split(strings.TrimSpace(string(f.Data)), "\n") {
				k, v, _ := strings.Cut(line, ":")
				r.header.Set(strings.TrimSpace(k), strings.TrimSpace(v))
			}
		case "response.json":
			r.body = f.Data
		}
	}
	return r
}

// replay serves the recorded reply to one request, after checking that the
// request's body is the recorded one and that its headers are the
// provider's. wantHeader maps a header to its value; "" means absent.
func replay(t *testing.T, name string, wantHeader map[string]string) string {
	t.Helper()
	r := loadRecorded(t, name)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, req *http.Request) {
		data, _ := io.ReadAll(req.Body)
		var got map[string]any
		if err := json.Unmarshal(data, &got); err != nil {
			t.Errorf("%s: the request body is not JSON: %v\n%s", name, err, data)
		}
		if diff := cmp.Diff(r.request, got); diff != "" {
			t.Errorf("%s: request body differs from the recorded one (-want +got):\n%s", name, diff)
		}
		for k, v := range wantHeader {
			if g := req.Header.Get(k); g != v {
				t.Errorf("%s: header %s = %q, want %q", name, k, g, v)
			}
		}
		for k, vs := range r.header {
			w.Header()[k] = vs
		}
		w.WriteHeader(r.status)
		w.Write(r.body)
	}))
	t.Cleanup(srv.Close)
	return srv.URL
}

var readSpec = lab.Spec{
	Name:        "read",
	Description: "Read a text file and return its contents.",
	Parameters: lab.Schema{
		"type":       "object",
		"properties": lab.Schema{"path": lab.Schema{"type": "string", "description": "Path of the file to read."}},
		"required":   []string{"path"},
	},
}

const system = "You are a helpful assistant."

func anthropicAt(t *testing.T, url string) *Anthropic {
	t.Helper()
	a, err := NewAnthropic("claude-sonnet-4-5", Options{Key: testKey, BaseURL: url})
	if err != nil {
		t.Fatal(err)
	}
	return a
}

func openaiAt(t *testing.T, url string) *OpenAI {
	t.Helper()
	o, err := NewOpenAI("gpt-4.1", Options{Key: testKey})
	if err != nil {
		t.Fatal(err)
	}
	o.opts.BaseURL = url // OpenAI itself, at the test server's address
	return o
}

var anthropicHeaders = map[string]string{"x-api-key": testKey, "anthropic-version": anthropicVersion, "authorization": ""}
var openaiHeaders = map[string]string{"authorization": "Bearer " + testKey, "x-api-key": ""}

// askedForConfig is the conversation so far in the answer replays: the
// question, the reply that called read, and its result.
func askedForConfig(id string, text string) []lab.Message {
	call := lab.Block{Type: lab.ToolCallBlock, ID: id, Name: "read", Arguments: lab.Args{"path": "config.py"}}
	reply := lab.Message{Role: lab.RoleAssistant, Blocks: []lab.Block{call}}
	if text != "" {
		reply.Blocks = append([]lab.Block{lab.Text(text)}, reply.Blocks...)
	}
	return []lab.Message{
		lab.User("What port does the server use?"),
		reply,
		{Role: lab.RoleToolResult, ToolCallID: id, ToolName: "read", Content: "PORT = 8080\n"},
	}
}

func TestReplays(t *testing.T) {
	unanswered := func(id string) []lab.Message {
		m := askedForConfig(id, "")
		return append(m[:2], lab.User("Well?"))
	}
	hello := []lab.Message{lab.User("Hello")}
	twoReads := func(ids ...string) []lab.Block {
		return []lab.Block{
			{Type: lab.ToolCallBlock, ID: ids[0], Name: "read", Arguments: lab.Args{"path": "main.go"}},
			{Type: lab.ToolCallBlock, ID: ids[1], Name: "read", Arguments: lab.Args{"path": "config.py"}},
		}
	}
	tests := []struct {
		name     string
		openai   bool
		messages []lab.Message
		tools    []lab.Spec
		want     lab.Message        // the reply, when there is one
		fail     *lab.ProviderError // the failure, when there is none
	}{
		{name: "anthropic_answer", messages: askedForConfig("toolu_01A", "Let me look."), tools: []lab.Spec{readSpec},
			want: lab.Message{Role: lab.RoleAssistant, StopReason: "stop", Blocks: []lab.Block{lab.Text("The server listens on port 8080: config.py sets PORT = 8080.")},
				Usage: lab.Usage{Input: 412, CacheRead: 10, Output: 21}}},
		{name: "anthropic_tool_use", messages: []lab.Message{lab.User("Compare main.go and config.py.")}, tools: []lab.Spec{readSpec},
			want: lab.Message{Role: lab.RoleAssistant, StopReason: "toolUse", Blocks: append([]lab.Block{lab.Text("I'll read both.")}, twoReads("toolu_01B", "toolu_01C")...),
				Usage: lab.Usage{Input: 380, Output: 88}}},
		{name: "anthropic_unanswered_call", messages: unanswered("toolu_01A"),
			fail: &lab.ProviderError{Vendor: lab.Anthropic, Status: 400, Type: "invalid_request_error", Message: "messages.2: `tool_use` ids were found without `tool_result` blocks immediately after: toolu_01A. Each `tool_use` block must have a corresponding `tool_result` block in the next message."}},
		{name: "anthropic_rate_limited", messages: hello,
			fail: &lab.ProviderError{Vendor: lab.Anthropic, Status: 429, Type: "rate_limit_error", Message: "Number of request tokens has exceeded your per-minute rate limit", RetryAfter: 12 * time.Second}},
		{name: "anthropic_overloaded", messages: hello,
			fail: &lab.ProviderError{Vendor: lab.Anthropic, Status: 529, Type: "overloaded_error", Message: "Overloaded"}},
		{name: "anthropic_malformed", messages: hello,
			fail: &lab.ProviderError{Vendor: lab.Anthropic, Status: 200, Type: "malformed_response", Message: "the reply is not the JSON the Messages API documents: invalid character '\\n' in string literal"}},
		{name: "openai_answer", openai: true, messages: askedForConfig("call_Qx1", ""), tools: []lab.Spec{readSpec},
			want: lab.Message{Role: lab.RoleAssistant, StopReason: "stop", Blocks: []lab.Block{lab.Text("The server listens on port 8080.")}, Usage: lab.Usage{Input: 131, Output: 9}}},
		{name: "openai_tool_calls", openai: true, messages: []lab.Message{lab.User("Compare main.go and config.py.")}, tools: []lab.Spec{readSpec},
			want: lab.Message{Role: lab.RoleAssistant, StopReason: "toolUse", Blocks: append([]lab.Block{lab.Text("Reading both.")}, twoReads("call_A1", "call_A2")...),
				Usage: lab.Usage{Input: 120, CacheRead: 64, Output: 40}}},
		{name: "openai_unanswered_call", openai: true, messages: unanswered("call_Qx1"),
			fail: &lab.ProviderError{Vendor: lab.OpenAI, Status: 400, Type: "invalid_request_error", Message: "An assistant message with 'tool_calls' must be followed by tool messages responding to each 'tool_call_id'. The following tool_call_ids did not have response messages: call_Qx1"}},
		{name: "openai_context_length", openai: true, messages: hello,
			fail: &lab.ProviderError{Vendor: lab.OpenAI, Status: 400, Type: "invalid_request_error", Code: "context_length_exceeded", Message: "This model's maximum context length is 1047576 tokens. However, your messages resulted in 1200000 tokens. Please reduce the length of the messages."}},
		{name: "openai_bad_arguments", openai: true, messages: hello,
			fail: &lab.ProviderError{Vendor: lab.OpenAI, Status: 200, Type: "malformed_response", Message: "tool call call_B1: its arguments are not a JSON object: unexpected end of JSON input"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var p interface {
				lab.Model
				lab.Provider
			}
			if tt.openai {
				p = openaiAt(t, replay(t, tt.name, openaiHeaders))
			} else {
				p = anthropicAt(t, replay(t, tt.name, anthropicHeaders))
			}
			// As a lab.Provider: the reply, or the failure as a value.
			got, err := p.Send(system, tt.messages, tt.tools, time.Time{})
			pe, _ := AsProviderError(err)
			if tt.fail != nil {
				if diff := cmp.Diff(tt.fail, pe); diff != "" {
					t.Errorf("Send's failure (-want +got):\n%s", diff)
				}
			} else if err != nil || !cmp.Equal(tt.want, got) {
				t.Errorf("Send: err = %v, reply (-want +got):\n%s", err, cmp.Diff(tt.want, got))
			}
			// As a lab.Model: the same, with a failure as a refused reply.
			want := tt.want
			if tt.fail != nil {
				want = lab.Message{Role: lab.RoleAssistant, StopReason: "error", Error: tt.fail.Error()}
			}
			reply := p.Complete(system, tt.messages, tt.tools)
			if diff := cmp.Diff(want, reply); diff != "" {
				t.Errorf("Complete (-want +got):\n%s", diff)
			}
			if strings.Contains(reply.Error, testKey) || strings.Contains(fmt.Sprint(err), testKey) {
				t.Errorf("a failure holds the key: %v", err)
			}
		})
	}
}

func TestCompatibleServerNeedsNoKey(t *testing.T) {
	t.Setenv("OPENAI_API_KEY", "")
	url := replay(t, "compatible_server", map[string]string{"authorization": ""})
	model, err := New("openai:qwen3", Options{BaseURL: url + "/"})
	if err != nil {
		t.Fatal(err)
	}
	got := model.Complete(system, []lab.Message{lab.User("Hello")}, nil)
	want := lab.Message{Role: lab.RoleAssistant, StopReason: "stop", Blocks: []lab.Block{lab.Text("Hello! How can I help?")}, Usage: lab.Usage{Input: 22, Output: 8}}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("reply (-want +got):\n%s", diff)
	}
	if s := model.(*OpenAI).String(); s != "openai:qwen3 at "+url {
		t.Errorf("String() = %q", s)
	}
}

func TestNoReplyIsAFailure(t *testing.T) {
	stop := make(chan struct{})
	hang := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		select {
		case <-r.Context().Done():
		case <-stop:
		}
	}))
	defer hang.Close()
	defer close(stop) // before Close, which waits for the handler
	a, err := NewAnthropic("claude-sonnet-4-5", Options{Key: testKey, BaseURL: hang.URL, Timeout: 50 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	_, err = a.Send(system, []lab.Message{lab.User("Hello")}, nil, time.Now().Add(20*time.Millisecond))
	if f, ok := AsProviderError(err); !ok || f.Status != 0 || f.Type != "timeout" {
		t.Errorf("a reply that never came before the deadline: got %v", err)
	}
	if got := a.Complete(system, []lab.Message{lab.User("Hello")}, nil); got.StopReason != "error" || !strings.HasPrefix(got.Error, "timeout: ") {
		t.Errorf("a reply that never came within the timeout: got %+v", got)
	}

	closed := httptest.NewServer(http.NotFoundHandler())
	closed.Close()
	o, err := NewOpenAI("gpt-4.1", Options{Key: testKey, BaseURL: closed.URL})
	if err != nil {
		t.Fatal(err)
	}
	_, err = o.Send(system, []lab.Message{lab.User("Hello")}, nil, time.Time{})
	if f, ok := AsProviderError(err); !ok || f.Type != "connection_error" || strings.Contains(err.Error(), testKey) {
		t.Errorf("a refused connection: got %v", err)
	}
}

// Both adapters take a tool choice, so lesson 13's forced submit_result
// reaches a real provider.
var (
	_ lab.Chooser = (*Anthropic)(nil)
	_ lab.Chooser = (*OpenAI)(nil)
)

// TestForcedChoice sends a request that forces one tool: the body carries
// each provider's own tool_choice (replay compares it with the recorded
// one), and the reply is the forced call.
func TestForcedChoice(t *testing.T) {
	submit := lab.Spec{Name: "submit_result", Description: "Submit the final result.",
		Parameters: lab.Schema{"type": "object", "properties": lab.Schema{"port": lab.Schema{"type": "integer"}}, "required": []any{"port"}}}
	question := []lab.Message{lab.User("Which port does config.py set? Submit it.")}
	for _, tt := range []struct {
		name   string
		model  lab.Chooser
		id     string
		tokens lab.Usage
	}{
		{"anthropic_forced_tool", anthropicAt(t, replay(t, "anthropic_forced_tool", anthropicHeaders)), "toolu_01F", lab.Usage{Input: 402, Output: 34}},
		{"openai_forced_tool", openaiAt(t, replay(t, "openai_forced_tool", openaiHeaders)), "call_F1", lab.Usage{Input: 96, Output: 12}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			got := tt.model.CompleteWith(lab.Force("submit_result"), system, question, []lab.Spec{submit})
			want := lab.Message{Role: lab.RoleAssistant, StopReason: "toolUse", Usage: tt.tokens,
				Blocks: []lab.Block{{Type: lab.ToolCallBlock, ID: tt.id, Name: "submit_result", Arguments: lab.Args{"port": 8080.0}}}}
			if diff := cmp.Diff(want, got); diff != "" {
				t.Errorf("CompleteWith(force submit_result) (-want +got):\n%s", diff)
			}
		})
	}
}

func TestChoiceWords(t *testing.T) {
	for _, tt := range []struct {
		choice            lab.Choice
		anthropic, openai string
	}{
		{lab.Choice{}, "null", "null"},
		{lab.Choice{Mode: lab.ChoiceAuto}, "null", "null"},
		{lab.Choice{Mode: lab.ChoiceNone}, `{"type":"none"}`, `"none"`},
		{lab.Choice{Mode: lab.ChoiceAny}, `{"type":"any"}`, `"required"`},
		{lab.Force("read"), `{"name":"read","type":"tool"}`, `{"function":{"name":"read"},"type":"function"}`},
	} {
		a, _ := json.Marshal(anthropicChoice(tt.choice))
		o, _ := json.Marshal(openaiChoice(tt.choice))
		if string(a) != tt.anthropic || string(o) != tt.openai {
			t.Errorf("choice %s: Anthropic %s, OpenAI %s; want %s and %s", tt.choice, a, o, tt.anthropic, tt.openai)
		}
	}
}
