package providers

import (
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"harnesslab/lab"
)

func TestFailureOfReadsBack(t *testing.T) {
	tests := []struct {
		reason string
		f      Failure
	}{
		{"a rate limit with its wait", Failure{Status: 429, Type: "rate_limit_error", Message: "slow down", RetryAfter: 12 * time.Second}},
		{"no reply at all", Failure{Type: "timeout", Message: "no reply from http://x within 2m0s"}},
		{"words that hold a colon", Failure{Status: 400, Type: "invalid_request_error", Message: "messages.2: `tool_use` ids were found"}},
	}
	for _, tt := range tests {
		got, ok := FailureOf(tt.f.reply())
		if !ok || !cmp.Equal(*got, tt.f) {
			t.Errorf("%s: FailureOf(%q) = %+v, want %+v", tt.reason, tt.f.Error(), got, tt.f)
		}
	}
	scripted := lab.Message{Role: lab.RoleAssistant, StopReason: "error", Error: "400 invalid_request: messages[1]: toolCall c1 has no toolResult"}
	got, _ := FailureOf(scripted)
	want := Failure{Status: 400, Type: "invalid_request", Message: "messages[1]: toolCall c1 has no toolResult"}
	if !cmp.Equal(*got, want) {
		t.Errorf("the scripted model's refusal: got %+v, want %+v", got, want)
	}
	if _, ok := FailureOf(lab.Say("fine")); ok {
		t.Error("FailureOf says an answer is a failure")
	}
}

func TestRetryAfter(t *testing.T) {
	now := time.Date(2026, 12, 1, 12, 0, 0, 0, time.UTC)
	for value, want := range map[string]time.Duration{
		"12":                            12 * time.Second,
		"0.5":                           500 * time.Millisecond,
		"":                              0,
		"soon":                          0,
		"Tue, 01 Dec 2026 12:00:30 GMT": 30 * time.Second,
		"Tue, 01 Dec 2026 11:00:00 GMT": 0, // already past
	} {
		if got := retryAfter(value, now); got != want {
			t.Errorf("retryAfter(%q) = %v, want %v", value, got, want)
		}
	}
}

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
	if s := m.(*Anthropic).String(); s != "anthropic:claude-sonnet-4-5" {
		t.Errorf("String() = %q, want the model and never the key", s)
	}
}
