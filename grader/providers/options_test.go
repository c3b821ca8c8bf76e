package providers

import (
	"strings"
	"testing"
)

func TestNewNamesWhatIsMissing(t *testing.T) {
	t.Setenv("ANTHROPIC_API_KEY", "")
	t.Setenv("OPENAI_API_KEY", "")
	for _, spec := range []string{"anthropic:claude-sonnet-4-5", "openai:gpt-4.1"} {
		_, err := New(spec, Options{})
		if !IsNoKey(err) {
			t.Errorf("New(%q) with no key: err = %v, want a NoKeyError", spec, err)
		}
	}
	for _, spec := range []string{"claude", "anthropic:", "gemini:pro"} {
		if _, err := New(spec, Options{Key: testKey}); err == nil || IsNoKey(err) {
			t.Errorf("New(%q): err = %v, want one that says how to write it", spec, err)
		}
	}
	t.Setenv("ANTHROPIC_API_KEY", testKey)
	m, err := New("anthropic:claude-sonnet-4-5", Options{})
	if err != nil {
		t.Fatal(err)
	}
	if s := m.(*Anthropic).Name(); s != "anthropic:claude-sonnet-4-5" {
		t.Errorf("Name() = %q, want the model and never the key", s)
	}
}

// TestNoKeyAdviceFitsTheCommand: without --base-url the missing key's
// message offers --base-url for a local server; with it, that advice would
// send the reader round in a circle, so it offers what does work.
func TestNoKeyAdviceFitsTheCommand(t *testing.T) {
	t.Setenv("ANTHROPIC_API_KEY", "")
	_, err := New("anthropic:claude-sonnet-4-5", Options{})
	if err == nil || !strings.Contains(err.Error(), "pass --base-url") {
		t.Errorf("no key, no --base-url: %v; want it to offer --base-url", err)
	}
	_, err = New("anthropic:claude-sonnet-4-5", Options{BaseURL: "http://127.0.0.1:1"})
	if !IsNoKey(err) {
		t.Fatalf("no key, --base-url given: err = %v, want a NoKeyError", err)
	}
	if msg := err.Error(); strings.Contains(msg, "--base-url") || !strings.Contains(msg, "ANTHROPIC_API_KEY") || !strings.Contains(msg, "openai:MODEL") {
		t.Errorf("no key, --base-url given: %q; want the variable and openai:MODEL, and no --base-url", msg)
	}
}
