package providers

import "testing"

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
