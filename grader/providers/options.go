package providers

import (
	"errors"
	"fmt"
	"net/http"
	"os"
	"strings"
	"time"

	"harnesslab/lab"
)

// Options are the settings every adapter shares. The zero value works once
// the provider's key variable is set.
type Options struct {
	// Key is the API key. Empty reads the provider's variable:
	// ANTHROPIC_API_KEY or OPENAI_API_KEY. A server reached through BaseURL
	// may need none.
	Key string
	// BaseURL replaces the provider's address, for example
	// http://localhost:11434/v1 for a local Ollama. Empty means the
	// provider's own.
	BaseURL string
	// Timeout bounds each request, reply included. Zero means two minutes.
	Timeout time.Duration
	// MaxTokens caps the length of each reply. Zero means 1024.
	MaxTokens int
	// Client sends the requests. Nil means a plain http.Client.
	Client *http.Client
}

// withDefaults fills in the zero fields.
func (o Options) withDefaults() Options {
	if o.Timeout == 0 {
		o.Timeout = 2 * time.Minute
	}
	if o.MaxTokens == 0 {
		o.MaxTokens = 1024
	}
	if o.Client == nil {
		o.Client = &http.Client{}
	}
	o.BaseURL = strings.TrimRight(o.BaseURL, "/")
	return o
}

// NoKeyError is the error of an adapter made without a key: it names the
// variable to set.
type NoKeyError struct {
	Provider string // "anthropic" or "openai"
	Variable string // ANTHROPIC_API_KEY or OPENAI_API_KEY
	BaseURL  string // the address given, if any: then --base-url is no remedy
}

func (e *NoKeyError) Error() string {
	if e.BaseURL != "" {
		// Only openai: goes keyless to a local server; anthropic: needs its
		// key wherever it is sent.
		return fmt.Sprintf("no key for %s at %s: set %s to your API key (export %s=...), or, for a local server that needs no key, write the model as openai:MODEL",
			e.Provider, e.BaseURL, e.Variable, e.Variable)
	}
	return fmt.Sprintf("no key for %s: set %s to your API key (export %s=...), or pass --base-url for a local server that needs none",
		e.Provider, e.Variable, e.Variable)
}

// New returns the model that spec names: "anthropic:MODEL" or
// "openai:MODEL". With opts.BaseURL set, "openai:MODEL" talks to any server
// that speaks Chat Completions, and needs a key only if that server does.
func New(spec string, opts Options) (lab.Model, error) {
	provider, model, ok := strings.Cut(spec, ":")
	if !ok || model == "" {
		return nil, fmt.Errorf("model %q: write it as anthropic:MODEL or openai:MODEL (for example anthropic:claude-sonnet-4-5)", spec)
	}
	switch provider {
	case "anthropic":
		return NewAnthropic(model, opts)
	case "openai":
		return NewOpenAI(model, opts)
	}
	return nil, fmt.Errorf("model %q: unknown provider %q; use anthropic: or openai: (openai: with --base-url for Ollama, llama.cpp or vLLM)", spec, provider)
}

// key returns the key to use: the option, or the variable's value.
func key(opts Options, provider, variable string) (string, error) {
	if opts.Key != "" {
		return opts.Key, nil
	}
	if k := strings.TrimSpace(os.Getenv(variable)); k != "" {
		return k, nil
	}
	if opts.BaseURL != "" && provider == "openai" {
		return "", nil // a local server: no key is fine
	}
	return "", &NoKeyError{Provider: provider, Variable: variable, BaseURL: opts.BaseURL}
}

// IsNoKey reports whether err says a key is missing.
func IsNoKey(err error) bool {
	var e *NoKeyError
	return errors.As(err, &e)
}
