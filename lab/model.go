package lab

import (
	"fmt"
	"regexp"
	"strings"
	"sync"
)

// Request is one request as the model received it: a deep copy, so later
// changes to the caller's list do not rewrite history.
type Request struct {
	System   string
	Messages []Message
	Tools    []Spec
	Choice   Choice // the tool choice; the zero Choice is auto (see CompleteWith)
}

// ResultFor returns the toolResult in the request that answers call id, and
// whether there is one. A model can only know what its request shows; this is
// how a scripted reply looks.
func (r Request) ResultFor(id string) (Message, bool) {
	for _, m := range r.Messages {
		if m.Role == RoleToolResult && m.ToolCallID == id {
			return m, true
		}
	}
	return Message{}, false
}

// Clone returns a deep copy of r.
func (r Request) Clone() Request {
	return Request{System: r.System, Messages: CloneMessages(r.Messages), Tools: cloneSpecs(r.Tools), Choice: r.Choice}
}

// Text returns the billed text of the request (see RenderRequest).
func (r Request) Text() string {
	return RenderRequest(r.System, r.Messages, r.Tools)
}

// Step is one entry of a model's script: a fixed reply (a Message made with
// Say or Reply), a function of the request (Respond), or a step that never runs
// out (Always).
type Step interface {
	// play returns the reply to r, and whether the step is used up.
	play(r Request) (reply Message, usedUp bool)
}

func (m Message) play(Request) (Message, bool) { return m.Clone(), true }

// Respond is a scripted reply worked out from the request. It may use only
// what the request shows: that is all a model ever has.
type Respond func(Request) Message

func (f Respond) play(r Request) (Message, bool) { return f(r), true }

type always struct{ step Step }

func (a always) play(r Request) (Message, bool) {
	reply, _ := a.step.play(r)
	return reply, false
}

// Always returns a step that answers every request from now on the way step
// does, and is never used up.
func Always(step Step) Step { return always{step} }

// ScriptedModel plays back a script of replies. It behaves like a strict
// provider: a request with a problem (see Validate) gets an error reply and
// does not use up the script. It numbers the call ids it writes (c1, c2, ...),
// records every request it answers, and keeps a bill.
//
// A ScriptedModel is safe for use by several goroutines at once. Asking it for
// more replies than its script holds is a bug in the caller, and it panics with
// a *ScriptExhausted that says so.
type ScriptedModel struct {
	mu       sync.Mutex
	script   []Step
	next     int
	ids      int
	calls    []Request
	refusals []string
	bill     int
}

// NewScriptedModel returns a model that answers with steps, in order.
func NewScriptedModel(steps ...Step) *ScriptedModel {
	return &ScriptedModel{script: steps}
}

// ScriptExhausted is the panic value of a scripted model asked for a reply its
// script does not hold.
type ScriptExhausted struct {
	Replies int // how many replies the script held
	Request int // which request this was, counting from 1
}

func (e *ScriptExhausted) Error() string {
	return fmt.Sprintf("lab: the scripted model has no reply left: its script held %d replies and this is request %d", e.Replies, e.Request)
}

// Complete answers one request. The reply is an assistant message with its
// StopReason and Usage set; a refused request gets a reply whose Error says
// why ("400 invalid_request: messages[1]: toolCall c1 has no toolResult").
func (m *ScriptedModel) Complete(system string, messages []Message, tools []Spec) Message {
	return m.complete(Choice{}, system, messages, tools)
}

// complete answers one request made with choice (see Complete and
// CompleteWith).
func (m *ScriptedModel) complete(choice Choice, system string, messages []Message, tools []Spec) Message {
	m.mu.Lock()
	defer m.mu.Unlock()
	req := Request{System: system, Messages: CloneMessages(messages), Tools: cloneSpecs(tools), Choice: choice}
	if problems := requestProblems(req); len(problems) > 0 {
		msg := "400 invalid_request: " + problems[0]
		m.refusals = append(m.refusals, msg)
		return Message{Role: RoleAssistant, StopReason: "error", Error: msg}
	}
	if m.next >= len(m.script) {
		panic(&ScriptExhausted{Replies: len(m.script), Request: len(m.calls) + 1})
	}
	reply, usedUp := m.script[m.next].play(req.Clone())
	if usedUp {
		m.next++
	}
	reply = reply.Clone()
	reply.Role = RoleAssistant
	for i, b := range reply.Blocks {
		if b.Type == ToolCallBlock && b.ID == "" {
			m.ids++
			reply.Blocks[i].ID = fmt.Sprintf("c%d", m.ids)
		}
	}
	reply.StopReason = stopReason(reply.Blocks)
	input := CountTokens(req.Text())
	reply.Usage = Usage{Input: input, Output: CountTokens(EncodeJSON(blocksWire(reply.Blocks)))}
	m.calls = append(m.calls, req)
	m.bill += input
	return reply
}

// Calls returns every request the model answered, in order, as deep copies:
// changing what it returns changes neither the model's record nor what a
// later call returns. Refused requests are not among them (see Refusals).
func (m *ScriptedModel) Calls() []Request {
	m.mu.Lock()
	defer m.mu.Unlock()
	out := make([]Request, len(m.calls))
	for i, r := range m.calls {
		out[i] = r.Clone()
	}
	return out
}

// Asked returns how many requests the model was sent: those it answered and
// those it refused.
func (m *ScriptedModel) Asked() int {
	m.mu.Lock()
	defer m.mu.Unlock()
	return len(m.calls) + len(m.refusals)
}

// Refusals returns the error of every request the model refused, in order.
func (m *ScriptedModel) Refusals() []string {
	m.mu.Lock()
	defer m.mu.Unlock()
	return append([]string(nil), m.refusals...)
}

// Bill returns the sum of the input tokens of every request answered.
func (m *ScriptedModel) Bill() int {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.bill
}

// Remaining returns how many steps of the script are not used up yet.
func (m *ScriptedModel) Remaining() int {
	m.mu.Lock()
	defer m.mu.Unlock()
	return len(m.script) - m.next
}

func cloneSpecs(specs []Spec) []Spec {
	if specs == nil {
		return nil
	}
	out := make([]Spec, len(specs))
	for i, s := range specs {
		s.Parameters = cloneArgs(s.Parameters)
		out[i] = s
	}
	return out
}

// requestProblems is what a strict provider checks before it answers.
func requestProblems(r Request) []string {
	var problems []string
	names := map[string]int{}
	for i, s := range r.Tools {
		switch prev, dup := names[s.Name]; {
		case s.Name == "":
			problems = append(problems, fmt.Sprintf("tools[%d]: a tool needs a name", i))
		case dup:
			problems = append(problems, fmt.Sprintf("tools[%d]: tool name %q is already used by tools[%d]", i, s.Name, prev))
		}
		names[s.Name] = i
	}
	if p := r.Choice.problem(r.Tools); p != "" {
		problems = append(problems, p)
	}
	if len(r.Messages) == 0 {
		problems = append(problems, "messages: a request needs at least one message")
	}
	return append(problems, Validate(r.Messages)...)
}

var (
	nameIs    = regexp.MustCompile(`(?i)\bmy name is ([\p{L}'-]+)`)
	askedName = regexp.MustCompile(`(?i)\bwhat(?:'s| is) my name\b`)
)

// Forgetful returns a model step that never runs out and knows only what the
// request in front of it says. Told "My name is Ada." it says "Nice to meet
// you, Ada."; asked "What is my name?" it answers from the request's user
// messages, or says "I don't know your name."; to anything else it says
// "Noted."
func Forgetful() Step {
	return Always(Respond(func(r Request) Message {
		last := ""
		for _, m := range r.Messages {
			if m.Role == RoleUser {
				last = m.Content
			}
		}
		if askedName.MatchString(last) {
			for i := len(r.Messages) - 1; i >= 0; i-- {
				m := r.Messages[i]
				if got := nameIs.FindStringSubmatch(m.Content); m.Role == RoleUser && got != nil {
					return Say("Your name is " + got[1] + ".")
				}
			}
			return Say("I don't know your name.")
		}
		if got := nameIs.FindStringSubmatch(last); got != nil {
			return Say("Nice to meet you, " + strings.TrimSpace(got[1]) + ".")
		}
		return Say("Noted.")
	}))
}
