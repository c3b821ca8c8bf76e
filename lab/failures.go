package lab

import (
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"sync"
	"time"
)

// This file is the lab's side of lesson 09: services across a network that
// fail the way real providers do (a rate limit with a retry-after, an
// overload, a server error, a reply that never comes, a reply that cannot be
// read, a prompt that is too long), a clock that a check can move by hand,
// and an outbox whose sends can be repeated. Nothing here sleeps for real:
// waiting is the clock's business, and a fake clock only writes it down.

// Vendor names a provider whose error shapes the lab copies.
type Vendor string

// The two providers the lab copies.
const (
	Anthropic Vendor = "anthropic"
	OpenAI    Vendor = "openai"
)

// ProviderError is a failed request to a service across a network, in the
// shape providers report it: an HTTP status, an error type, the provider's
// words, and what its retry-after header asked for. A real provider's error
// maps to the same fields (see ParseProviderError), so code that reads a
// ProviderError works against the lab and against a real provider alike.
type ProviderError struct {
	Vendor     Vendor        // whose shape this is
	Status     int           // the HTTP status; 0 when no reply came at all
	Type       string        // the provider's error type: "rate_limit_error", "overloaded_error", ...
	Code       string        // OpenAI's code, when it sends one: "context_length_exceeded"
	Message    string        // the provider's words
	RetryAfter time.Duration // what the retry-after header asked for; 0 when there was none
}

// Error writes the failure the way the lab's refusals read:
// "429 rate_limit_error: ..." (or "timeout: ..." when no reply came).
func (e *ProviderError) Error() string {
	kind := e.Type
	if e.Code != "" && e.Code != e.Type {
		kind += " (" + e.Code + ")"
	}
	if e.Status == 0 {
		return kind + ": " + e.Message
	}
	return fmt.Sprintf("%d %s: %s", e.Status, kind, e.Message)
}

// RateLimited is a 429: too many requests, try again after retryAfter (0:
// the reply carried no retry-after header).
func RateLimited(v Vendor, retryAfter time.Duration) *ProviderError {
	if v == OpenAI {
		return &ProviderError{Vendor: v, Status: 429, Type: "requests", Code: "rate_limit_exceeded",
			Message: "Rate limit reached for requests per minute. Please try again later.", RetryAfter: retryAfter}
	}
	return &ProviderError{Vendor: v, Status: 429, Type: "rate_limit_error",
		Message: "This request would exceed the rate limit for your organization.", RetryAfter: retryAfter}
}

// Overloaded is Anthropic's 529 overloaded_error, or OpenAI's 503: the
// provider has no room for the request just now.
func Overloaded(v Vendor) *ProviderError {
	if v == OpenAI {
		return &ProviderError{Vendor: v, Status: 503, Type: "server_error",
			Message: "The server is overloaded or not ready yet."}
	}
	return &ProviderError{Vendor: v, Status: 529, Type: "overloaded_error", Message: "Overloaded"}
}

// ServerError is a 500: something broke on the provider's side.
func ServerError(v Vendor) *ProviderError {
	if v == OpenAI {
		return &ProviderError{Vendor: v, Status: 500, Type: "server_error",
			Message: "The server had an error while processing your request. Sorry about that!"}
	}
	return &ProviderError{Vendor: v, Status: 500, Type: "api_error", Message: "Internal server error"}
}

// TooLong is a 400 for a prompt of tokens tokens sent to a model that takes
// at most limit: no retry makes it shorter.
func TooLong(v Vendor, tokens, limit int) *ProviderError {
	if v == OpenAI {
		return &ProviderError{Vendor: v, Status: 400, Type: "invalid_request_error", Code: "context_length_exceeded",
			Message: fmt.Sprintf("This model's maximum context length is %d tokens. However, your messages resulted in %d tokens. "+
				"Please reduce the length of the messages.", limit, tokens)}
	}
	return &ProviderError{Vendor: v, Status: 400, Type: "invalid_request_error",
		Message: fmt.Sprintf("prompt is too long: %d tokens > %d maximum", tokens, limit)}
}

// NoReply is what a client reports when no reply came before the deadline:
// there is no status, because nothing came back.
func NoReply() *ProviderError {
	return &ProviderError{Type: "timeout", Message: "Request timed out."}
}

// Garbled is a reply that came back with status 200 and could not be read:
// its body was cut off in the middle.
func Garbled() *ProviderError {
	return &ProviderError{Status: 200, Type: "malformed_response",
		Message: "the reply could not be read: unexpected end of JSON input"}
}

// Body returns the JSON body the provider sends with this error: Anthropic's
// {"type": "error", "error": {...}} or OpenAI's {"error": {...}}. An error
// with no status has no body, and Body returns "".
func (e *ProviderError) Body() string {
	if e.Status == 0 {
		return ""
	}
	if e.Vendor == OpenAI {
		var code any
		if e.Code != "" {
			code = e.Code
		}
		return EncodeJSON(map[string]any{"error": map[string]any{"message": e.Message, "type": e.Type, "param": nil, "code": code}})
	}
	return EncodeJSON(map[string]any{"type": "error", "error": map[string]any{"type": e.Type, "message": e.Message}})
}

// ParseProviderError reads a provider's error reply: its status, its
// retry-after header ("" when there was none; whole seconds, as providers
// send it) and its body. A body that is not one of the two shapes is kept as
// the message, with the type "unknown".
func ParseProviderError(v Vendor, status int, retryAfter, body string) *ProviderError {
	e := &ProviderError{Vendor: v, Status: status, Type: "unknown", Message: strings.TrimSpace(body)}
	if secs, err := strconv.ParseFloat(strings.TrimSpace(retryAfter), 64); err == nil && secs > 0 {
		e.RetryAfter = time.Duration(secs * float64(time.Second))
	}
	var wire struct {
		Error struct {
			Type    string `json:"type"`
			Message string `json:"message"`
			Code    any    `json:"code"`
		} `json:"error"`
	}
	if json.Unmarshal([]byte(body), &wire) != nil || wire.Error.Type == "" {
		return e
	}
	e.Type, e.Message = wire.Error.Type, wire.Error.Message
	if code, ok := wire.Error.Code.(string); ok {
		e.Code = code
	}
	return e
}

// RefusalError returns the ProviderError a refused reply stands for (a
// reply whose Error reads "400 invalid_request: ..."), and false for a reply
// that was not refused.
func RefusalError(reply Message) (*ProviderError, bool) {
	if reply.Error == "" {
		return nil, false
	}
	head, message, _ := strings.Cut(reply.Error, ": ")
	statusText, kind, _ := strings.Cut(head, " ")
	status, err := strconv.Atoi(statusText)
	if err != nil {
		return &ProviderError{Type: "unknown", Message: reply.Error}, true
	}
	if kind == "invalid_request" {
		kind = "invalid_request_error"
	}
	return &ProviderError{Vendor: Anthropic, Status: status, Type: kind, Message: message}, true
}

// Clock is where retrying code reads the time and waits. Production code
// uses RealClock; checks and cells use a FakeClock, which only writes the
// waits down.
type Clock interface {
	Now() time.Time
	Sleep(d time.Duration)
}

// RealClock is the clock of the machine: time.Now and time.Sleep.
type RealClock struct{}

// Now returns the time of the machine.
func (RealClock) Now() time.Time { return time.Now() }

// Sleep waits d, for real.
func (RealClock) Sleep(d time.Duration) { time.Sleep(d) }

// FakeClock is a clock that moves only when told: Sleep moves it forward at
// once and writes the wait down. It is safe for use by several goroutines at
// once.
type FakeClock struct {
	mu     sync.Mutex
	now    time.Time
	sleeps []time.Duration
}

// NewFakeClock returns a clock that reads start until something moves it.
func NewFakeClock(start time.Time) *FakeClock { return &FakeClock{now: start} }

// Now returns the clock's time.
func (c *FakeClock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

// Sleep writes d down and moves the clock forward by d (a wait of zero or
// less is written down and moves nothing).
func (c *FakeClock) Sleep(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.sleeps = append(c.sleeps, d)
	if d > 0 {
		c.now = c.now.Add(d)
	}
}

// Sleeps returns every wait asked of the clock, in order.
func (c *FakeClock) Sleeps() []time.Duration {
	c.mu.Lock()
	defer c.mu.Unlock()
	return append([]time.Duration(nil), c.sleeps...)
}

// advanceTo moves the clock to t, if t is later: time that passed while a
// request waited, which is not a sleep.
func (c *FakeClock) advanceTo(t time.Time) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if t.After(c.now) {
		c.now = t
	}
}

// Fault is what one request to a FlakyModel or an Outbox meets. The zero
// Fault answers.
type Fault struct {
	Err  *ProviderError // the failure sent back at once; nil for none
	Hang bool           // no reply comes: the request waits until its deadline
	Lost bool           // the work is done, then the reply is lost: it waits until its deadline
}

// Answer is the Fault of a request that gets its reply.
var Answer = Fault{}

// Fail is the Fault of a request that gets err back.
func Fail(err *ProviderError) Fault { return Fault{Err: err} }

// Hang is the Fault of a request that never gets a reply.
func Hang() Fault { return Fault{Hang: true} }

// LostReply is the Fault of a request whose work is done and whose reply
// never arrives.
func LostReply() Fault { return Fault{Lost: true} }

// WaitedForever is the panic value of a request that never gets a reply and
// was sent with no deadline: it would wait for ever.
type WaitedForever struct {
	Service string // who never answered
}

func (e *WaitedForever) Error() string {
	return "lab: " + e.Service + " never replied, and the request was sent with no deadline (a zero time.Time), " +
		"so it would have waited for ever: give every request a deadline"
}

// Provider is a model across a network: it answers a request, or fails the
// way a real provider does, with a *ProviderError. A request waits for its
// reply until deadline at most, then fails with NoReply.
type Provider interface {
	Name() string
	Send(system string, messages []Message, tools []Spec, deadline time.Time) (Message, error)
}

// FlakyModel is a Provider made of a ScriptedModel and a script of faults:
// request n meets fault n (an answer once the faults run out). A request
// that gets through is answered by the scripted model, and a refusal of the
// scripted model comes back as a 400 ProviderError. Waiting for a reply that
// never comes moves the clock to the request's deadline.
type FlakyModel struct {
	mu        sync.Mutex
	name      string
	model     *ScriptedModel
	clock     *FakeClock
	faults    []Fault
	deadlines []time.Time
}

// NewFlakyModel returns a provider called name that meets faults, in order,
// and answers with model, on clock.
func NewFlakyModel(name string, clock *FakeClock, model *ScriptedModel, faults ...Fault) *FlakyModel {
	return &FlakyModel{name: name, model: model, clock: clock, faults: append([]Fault(nil), faults...)}
}

// Name returns the provider's name.
func (f *FlakyModel) Name() string { return f.name }

// Send sends one request. See FlakyModel.
func (f *FlakyModel) Send(system string, messages []Message, tools []Spec, deadline time.Time) (Message, error) {
	f.mu.Lock()
	fault := Answer
	if n := len(f.deadlines); n < len(f.faults) {
		fault = f.faults[n]
	}
	f.deadlines = append(f.deadlines, deadline)
	f.mu.Unlock()
	switch {
	case fault.Err != nil:
		err := *fault.Err
		return Message{}, &err
	case fault.Hang || fault.Lost:
		return Message{}, wait(f.clock, f.name, deadline)
	}
	reply := f.model.Complete(system, messages, tools)
	if err, refused := RefusalError(reply); refused {
		return Message{}, err
	}
	return reply, nil
}

// Deadlines returns the deadline of every request sent, in order: how many
// requests were sent, and how long each was allowed to wait.
func (f *FlakyModel) Deadlines() []time.Time {
	f.mu.Lock()
	defer f.mu.Unlock()
	return append([]time.Time(nil), f.deadlines...)
}

// Model returns the scripted model behind the provider, which records the
// requests that got through.
func (f *FlakyModel) Model() *ScriptedModel { return f.model }

// wait is a request that gets no reply: it waits until deadline, then fails
// with NoReply. With no deadline it would wait for ever, and it panics with
// a *WaitedForever instead.
func wait(clock *FakeClock, service string, deadline time.Time) error {
	if deadline.IsZero() {
		panic(&WaitedForever{Service: service})
	}
	clock.advanceTo(deadline)
	return NoReply()
}

// Draft is one message the outbox sent.
type Draft struct {
	ID   string // d1, d2, ... in the order they were sent
	Key  string // the idempotency key it was sent with ("" for none)
	To   string
	Text string
}

// OutboxRequest is one request the outbox received, answered or not.
type OutboxRequest struct {
	Key, To, Text string
	Deadline      time.Time
}

// Outbox is a service across a network that sends drafts to a team. Request
// n meets fault n (an answer once the faults run out). It honours
// idempotency keys: a request whose key it has seen does no new work and
// answers as the first one did. A request with no key is always new work.
type Outbox struct {
	mu       sync.Mutex
	clock    *FakeClock
	faults   []Fault
	requests []OutboxRequest
	drafts   []Draft
	byKey    map[string]Draft
}

// NewOutbox returns an outbox that meets faults, in order, on clock.
func NewOutbox(clock *FakeClock, faults ...Fault) *Outbox {
	return &Outbox{clock: clock, faults: append([]Fault(nil), faults...), byKey: map[string]Draft{}}
}

// Send asks the outbox to send text to the team to, with an idempotency key,
// and waits for the answer until deadline at most. It answers "sent draft
// d1 to ops".
func (o *Outbox) Send(key, to, text string, deadline time.Time) (string, error) {
	o.mu.Lock()
	fault := Answer
	if n := len(o.requests); n < len(o.faults) {
		fault = o.faults[n]
	}
	o.requests = append(o.requests, OutboxRequest{Key: key, To: to, Text: text, Deadline: deadline})
	if fault.Err != nil {
		o.mu.Unlock()
		err := *fault.Err
		return "", &err
	}
	var draft Draft
	if !fault.Hang {
		draft = o.send(key, to, text)
	}
	o.mu.Unlock()
	if fault.Hang || fault.Lost {
		return "", wait(o.clock, "the outbox", deadline)
	}
	return "sent draft " + draft.ID + " to " + draft.To, nil
}

// send does the work of one request, once per key; o.mu is held.
func (o *Outbox) send(key, to, text string) Draft {
	if d, seen := o.byKey[key]; seen && key != "" {
		return d
	}
	d := Draft{ID: fmt.Sprintf("d%d", len(o.drafts)+1), Key: key, To: to, Text: text}
	o.drafts = append(o.drafts, d)
	if key != "" {
		o.byKey[key] = d
	}
	return d
}

// Drafts returns every draft the outbox sent, in order.
func (o *Outbox) Drafts() []Draft {
	o.mu.Lock()
	defer o.mu.Unlock()
	return append([]Draft(nil), o.drafts...)
}

// Requests returns every request the outbox received, in order.
func (o *Outbox) Requests() []OutboxRequest {
	o.mu.Lock()
	defer o.mu.Unlock()
	return append([]OutboxRequest(nil), o.requests...)
}
