package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
)

// fakeChatServer speaks Chat Completions as a local server would: the first
// request gets a call of read on config.py, the next the answer it read.
// It keeps the bodies it was sent.
type fakeChatServer struct {
	mu     sync.Mutex
	bodies []map[string]any
}

func (f *fakeChatServer) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	data, _ := io.ReadAll(r.Body)
	var body map[string]any
	json.Unmarshal(data, &body)
	f.mu.Lock()
	f.bodies = append(f.bodies, body)
	n := len(f.bodies)
	f.mu.Unlock()
	message := `{"role":"assistant","content":null,"tool_calls":[{"id":"call_1","type":"function","function":{"name":"read","arguments":"{\"path\":\"config.py\"}"}}]}`
	if n > 1 {
		message = `{"role":"assistant","content":"It listens on port 9090."}`
	}
	fmt.Fprintf(w, `{"choices":[{"message":%s,"finish_reason":"stop"}],"usage":{"prompt_tokens":%d,"completion_tokens":7}}`, message, 100*n)
}

// TestRunAgainstALocalServer plays lesson 02's scenario with the reference
// solution against a server reached by --base-url: the read's result goes
// back in the second request, and the output shows the conversation, the
// provider's bill and the transcript file.
func TestRunAgainstALocalServer(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a program")
	}
	server := &fakeChatServer{}
	srv := httptest.NewServer(server)
	defer srv.Close()
	t.Chdir("../..")
	t.Setenv("OPENAI_API_KEY", "")
	transcript := filepath.Join(t.TempDir(), "run.json")
	var stdout, stderr bytes.Buffer
	err := run([]string{"run", "02", generatedSolution(t, "02"), "--model", "openai:local", "--base-url", srv.URL, "--transcript", transcript}, &stdout, &stderr)
	if err != nil {
		t.Fatalf("labrun run: %v\nstdout:\n%s\nstderr:\n%s", err, &stdout, &stderr)
	}
	out := stdout.String()
	for _, want := range []string{
		`toolResult call_1 -> "HOST = \"0.0.0.0\"\nPORT = 9090\n"`,
		`assistant -> "It listens on port 9090."`,
		"request 2: 200 tokens in, 7 out",
		"bill: 2 requests answered, 300 tokens in, 14 out",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("the output lacks %q:\n%s", want, out)
		}
	}
	if len(server.bodies) != 2 {
		t.Fatalf("the server got %d requests, want 2", len(server.bodies))
	}
	second, _ := json.Marshal(server.bodies[1]["messages"])
	if !strings.Contains(string(second), `"tool_call_id":"call_1"`) {
		t.Errorf("the second request does not answer call_1: %s", second)
	}
	data, err := os.ReadFile(transcript)
	if err != nil || !bytes.Contains(data, []byte(`"kind": "tool"`)) {
		t.Errorf("the transcript file holds no tool run (err %v):\n%s", err, data)
	}
}

// TestRunUnreachableServer: a run whose --base-url has nothing listening
// exits non-zero and says where it tried.
func TestRunUnreachableServer(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a program")
	}
	t.Chdir("../..")
	t.Setenv("OPENAI_API_KEY", "")
	var stdout, stderr bytes.Buffer
	err := run([]string{"run", "02", generatedSolution(t, "02"), "--model", "openai:local", "--base-url", "http://127.0.0.1:1"}, &stdout, &stderr)
	var exit exitCode
	if !errors.As(err, &exit) || exit == 0 {
		t.Fatalf("err = %v, want a non-zero exit status\nstdout:\n%s\nstderr:\n%s", err, &stdout, &stderr)
	}
	if !strings.Contains(stderr.String(), "http://127.0.0.1:1") {
		t.Errorf("stderr does not name the address it could not reach:\n%s", &stderr)
	}
}

// TestRunWithoutKey says which variable to set, exits 2, builds nothing and
// never prints a key.
func TestRunWithoutKey(t *testing.T) {
	t.Chdir("../..")
	t.Setenv("ANTHROPIC_API_KEY", "")
	var stdout, stderr bytes.Buffer
	err := run([]string{"run", "02", "--model", "anthropic:claude-sonnet-4-5"}, &stdout, &stderr)
	var exit exitCode
	if !errors.As(err, &exit) || exit != 2 {
		t.Fatalf("err = %v, want exit status 2", err)
	}
	if !strings.Contains(stderr.String(), "ANTHROPIC_API_KEY") {
		t.Errorf("stderr does not name the variable to set:\n%s", &stderr)
	}
	stderr.Reset()
	err = run([]string{"run", "02", "--model", "anthropic:claude-sonnet-4-5", "--base-url", "http://127.0.0.1:1"}, &stdout, &stderr)
	if !errors.As(err, &exit) || exit != 2 || strings.Contains(stderr.String(), "--base-url") {
		t.Errorf("no key with --base-url given: err = %v, stderr %q; want exit 2 and no advice to pass --base-url", err, &stderr)
	}
	err = run([]string{"run", "02"}, &stdout, &stderr)
	if err == nil || !strings.Contains(err.Error(), "--model") {
		t.Errorf("no --model: err = %v, want one that says how to name a model", err)
	}
}
