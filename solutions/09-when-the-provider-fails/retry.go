package harness

// retry.go is the part of the harness that deals with a provider, or any
// service across a network, that fails: it tells the kinds of failure
// apart, waits and tries again when that can help, stops when it cannot,
// falls back to another model, and makes sure a side effect that is tried
// twice happens once.

import (
	"errors"
	"math/rand/v2"
	"time"

	"harnesslab/lab"
)

// Kind says what a failure calls for.
type Kind string

// The four kinds of failure.
const (
	Transient Kind = "transient" // nobody's mistake, and it passes: wait, then try again
	Malformed Kind = "malformed" // a reply came and could not be read: ask again, once
	Mistake   Kind = "mistake"   // the model asked for something wrong: tell it, in a result
	Permanent Kind = "permanent" // the same request gets the same answer: stop, or go elsewhere
)

// The retry policy.
const (
	MaxAttempts = 4                      // tries of one request, the first one included
	BaseDelay   = 500 * time.Millisecond // the step of the first wait; each wait after doubles it
	MaxDelay    = 8 * time.Second        // no step is longer than this
	Timeout     = 30 * time.Second       // how long one try may wait for its reply
)

// Classify says what kind of failure err is. A *lab.ProviderError, even one
// wrapped inside err, is classified by its status: no reply at all (status
// 0), 408, 429 and every 5xx are transient; a reply of status 200 that could
// not be read is malformed; every other status is permanent. Any other error
// is a tool's own failure, the model's mistake.
func Classify(err error) Kind {
	// --- your code ---
	var failure *lab.ProviderError
	if !errors.As(err, &failure) {
		return Mistake
	}
	switch status := failure.Status; {
	case status == 0, status == 408, status == 429, status >= 500:
		return Transient
	case status == 200:
		return Malformed
	}
	return Permanent
	// --- starter ---
	_ = errors.As // errors is yours to use; delete this line
	panic("Classify: not written yet")
	// --- end ---
}

// Backoff returns how long to wait before retry number retry (counting from
// 1). The step doubles from BaseDelay with each retry, up to MaxDelay; the
// wait is half the step plus a random part between 0 and half the step,
// both included, drawn once from rng as rng.Int64N(half+1).
func Backoff(retry int, rng *rand.Rand) time.Duration {
	// --- your code ---
	step := BaseDelay
	for n := 1; n < retry && step < MaxDelay; n++ {
		step *= 2
	}
	half := min(step, MaxDelay) / 2
	return half + time.Duration(rng.Int64N(int64(half)+1))
	// --- starter ---
	panic("Backoff: not written yet")
	// --- end ---
}

// pause is how long to wait after a transient failure on try attempt: what
// the provider's retry-after asked for, if it asked, and otherwise Backoff.
func pause(err error, attempt int, rng *rand.Rand) time.Duration {
	// --- your code ---
	var failure *lab.ProviderError
	if errors.As(err, &failure) && failure.RetryAfter > 0 {
		return failure.RetryAfter
	}
	return Backoff(attempt, rng)
	// --- starter ---
	panic("pause: not written yet")
	// --- end ---
}

// Send sends one request to p and returns its reply. Each try may wait
// Timeout for its reply, counted on clock. A transient failure is tried
// again after a pause (the provider's retry-after if it sent one, Backoff
// otherwise), a malformed reply is asked for again at once, but only once,
// and anything else is returned at once; nobody tries more than MaxAttempts
// times. When it gives up, Send returns the last failure.
func Send(p lab.Provider, clock lab.Clock, rng *rand.Rand, system string, messages []lab.Message, tools []lab.Spec) (lab.Message, error) {
	// --- your code ---
	reasked := false
	for attempt := 1; ; attempt++ {
		reply, err := p.Send(system, messages, tools, clock.Now().Add(Timeout))
		if err == nil {
			return reply, nil
		}
		kind := Classify(err)
		if attempt == MaxAttempts || (kind == Malformed && reasked) || (kind != Transient && kind != Malformed) {
			return lab.Message{}, err
		}
		if kind == Malformed {
			reasked = true
			continue
		}
		clock.Sleep(pause(err, attempt, rng))
	}
	// --- starter ---
	panic("Send: not written yet")
	// --- end ---
}

// Fallback returns a model that sends every request to its providers in
// turn, with Send, and answers with the first reply it gets. When every
// provider fails, its reply is an error reply (StopReason "error") whose
// Error is the last provider's failure.
func Fallback(clock lab.Clock, rng *rand.Rand, providers ...lab.Provider) lab.Model {
	return fallback{clock: clock, rng: rng, providers: providers}
}

// fallback is the model Fallback returns.
type fallback struct {
	clock     lab.Clock
	rng       *rand.Rand
	providers []lab.Provider
}

// Complete answers one request from the first provider that answers it.
func (f fallback) Complete(system string, messages []lab.Message, tools []lab.Spec) lab.Message {
	// --- your code ---
	var last error
	for _, p := range f.providers {
		reply, err := Send(p, f.clock, f.rng, system, messages, tools)
		if err == nil {
			return reply
		}
		last = err
	}
	return lab.Message{Role: lab.RoleAssistant, StopReason: "error", Error: last.Error()}
	// --- starter ---
	panic("Fallback: not written yet")
	// --- end ---
}

// MakeSendTool returns the send_draft tool, over the outbox. Each call gets
// a new idempotency key from newKey, and keeps it for every try: a call
// whose reply was lost is tried again, as Send tries a request, and the
// outbox sends its draft once.
func MakeSendTool(outbox *lab.Outbox, clock lab.Clock, rng *rand.Rand, newKey func() string) lab.Tool {
	return lab.Tool{
		Name:        "send_draft",
		Description: "Send a draft to a team.",
		Parameters: lab.Schema{
			"type": "object",
			"properties": lab.Schema{
				"to":   lab.Schema{"type": "string", "description": "The team to send it to."},
				"text": lab.Schema{"type": "string", "description": "The text of the draft."},
			},
			"required": []string{"to", "text"},
		},
		Execute: func(arguments lab.Args) (string, error) {
			// --- your code ---
			to, _ := arguments["to"].(string)
			text, _ := arguments["text"].(string)
			key := newKey()
			for attempt := 1; ; attempt++ {
				out, err := outbox.Send(key, to, text, clock.Now().Add(Timeout))
				if err == nil || attempt == MaxAttempts || Classify(err) != Transient {
					return out, err
				}
				clock.Sleep(pause(err, attempt, rng))
			}
			// --- starter ---
			panic("MakeSendTool: not written yet")
			// --- end ---
		},
	}
}
