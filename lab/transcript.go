package lab

import (
	"encoding/json"
	"fmt"
	"os"
	"sync"
	"time"
)

// The format name and version a Transcript declares. The version changes
// when a field changes meaning or goes away; new fields may be added within
// a version.
const (
	TranscriptFormat  = "harnesslab-transcript"
	TranscriptVersion = 1
)

// EnvTranscript names the environment variable that tells a cell program
// where to write its transcript (see WriteTranscript). When it is unset,
// WriteTranscript does nothing.
const EnvTranscript = "LAB_TRANSCRIPT"

// The kinds of Event in a transcript.
const (
	EventRequest      = "request"      // a request sent to a model, with its bill
	EventReply        = "reply"        // a model's reply, with its usage
	EventRefusal      = "refusal"      // a request the model refused, with the provider's words
	EventTool         = "tool"         // one run of a tool: its arguments, result and is_error
	EventRead         = "read"         // a workspace read
	EventWrite        = "write"        // a workspace write
	EventConversation = "conversation" // a list of messages as the harness held it
)

// Transcript is the record of one run: what a harness sent to the model, what
// came back, which tools ran and which files were read and written, in order.
// Cells, checks, grading reports and the web view all draw this one format.
type Transcript struct {
	Format  string  `json:"format"`          // TranscriptFormat
	Version int     `json:"version"`         // TranscriptVersion
	Title   string  `json:"title,omitempty"` // what the run was, in words: "run 2 of the scenario: other files"
	Events  []Event `json:"events"`          // in the order they happened
	// Cut is true when events were left out to keep the transcript under a
	// size limit; Note then says how many.
	Cut  bool   `json:"cut,omitempty"`
	Note string `json:"note,omitempty"`
}

// Event is one thing that happened in a run. Kind says which fields it uses.
type Event struct {
	Kind string `json:"kind"`

	// request: the request as sent, and the tokens it was billed.
	System   string        `json:"system,omitempty"`
	Messages []WireMessage `json:"messages,omitempty"` // also a conversation's messages
	Tools    []WireSpec    `json:"tools,omitempty"`
	Tokens   int           `json:"tokens,omitempty"`

	// reply: the model's reply.
	Reply *WireMessage `json:"reply,omitempty"`

	// refusal: the provider's words.
	Error string `json:"error,omitempty"`

	// tool: one run.
	Tool      string `json:"tool,omitempty"`
	Arguments Args   `json:"arguments,omitempty"`
	Result    string `json:"result,omitempty"`
	IsError   bool   `json:"is_error,omitempty"`

	// read and write: the path.
	Path string `json:"path,omitempty"`
}

// WireMessage is a Message as a transcript stores it, with JSON names.
type WireMessage struct {
	Role       Role        `json:"role"`
	Content    string      `json:"content,omitempty"`
	Blocks     []WireBlock `json:"blocks,omitempty"`
	ToolCallID string      `json:"tool_call_id,omitempty"`
	ToolName   string      `json:"tool_name,omitempty"`
	IsError    bool        `json:"is_error,omitempty"`
	StopReason string      `json:"stop_reason,omitempty"`
	Usage      *WireUsage  `json:"usage,omitempty"`
	Error      string      `json:"error,omitempty"`
}

// WireBlock is a Block as a transcript stores it.
type WireBlock struct {
	Type      BlockType `json:"type"`
	Text      string    `json:"text,omitempty"`
	ID        string    `json:"id,omitempty"`
	Name      string    `json:"name,omitempty"`
	Arguments Args      `json:"arguments,omitempty"`
}

// WireUsage is a Usage as a transcript stores it.
type WireUsage struct {
	Input     int `json:"input"`
	CacheRead int `json:"cache_read"`
	Output    int `json:"output"`
}

// WireSpec is a Spec as a transcript stores it.
type WireSpec struct {
	Name        string `json:"name"`
	Description string `json:"description"`
	Parameters  Schema `json:"parameters,omitempty"`
}

// NewTranscript returns an empty transcript of the current format.
func NewTranscript(title string) Transcript {
	return Transcript{Format: TranscriptFormat, Version: TranscriptVersion, Title: title, Events: []Event{}}
}

// ConversationTranscript returns a transcript holding one conversation
// event: messages as a harness held them.
func ConversationTranscript(title string, messages []Message) Transcript {
	t := NewTranscript(title)
	t.Events = append(t.Events, Event{Kind: EventConversation, Messages: wireMessages(messages)})
	return t
}

// WireOf returns m as a transcript stores it: a deep copy.
func WireOf(m Message) WireMessage {
	m = m.Clone()
	w := WireMessage{Role: m.Role, Content: m.Content, ToolCallID: m.ToolCallID, ToolName: m.ToolName,
		IsError: m.IsError, StopReason: m.StopReason, Error: m.Error}
	if m.Usage != (Usage{}) {
		w.Usage = &WireUsage{Input: m.Usage.Input, CacheRead: m.Usage.CacheRead, Output: m.Usage.Output}
	}
	for _, b := range m.Blocks {
		w.Blocks = append(w.Blocks, WireBlock(b)) // the same fields: a new Block field must be given a wire name
	}
	return w
}

func wireMessages(messages []Message) []WireMessage {
	out := make([]WireMessage, len(messages))
	for i, m := range messages {
		out[i] = WireOf(m)
	}
	return out
}

func wireSpecs(specs []Spec) []WireSpec {
	out := make([]WireSpec, len(specs))
	for i, s := range specs {
		out[i] = WireSpec{Name: s.Name, Description: s.Description, Parameters: cloneArgs(s.Parameters)}
	}
	return out
}

// Trim keeps the transcript's JSON under about maxBytes by keeping its first
// events and leaving out the rest, and reports whether it cut anything. A cut
// transcript says so: Cut is set and Note says how many events are missing.
func (t *Transcript) Trim(maxBytes int) bool {
	size, kept := 200+len(t.Title), 0
	for _, e := range t.Events {
		data, err := json.Marshal(e)
		if err != nil || size+len(data)+1 > maxBytes {
			break
		}
		size += len(data) + 1
		kept++
	}
	if kept == len(t.Events) {
		return false
	}
	t.Note = fmt.Sprintf("cut: only the first %d of %d events are kept, to keep the report small", kept, len(t.Events))
	t.Events, t.Cut = t.Events[:kept:kept], true
	return true
}

// WriteTranscript writes the transcripts of a cell program as JSON to the
// file named by the environment variable LAB_TRANSCRIPT, for the kit to draw
// beside the cell's output. Without that variable it does nothing, so a cell
// that calls it still runs on its own. It is opt-in: a cell calls it last,
// with the recorders it made.
func WriteTranscript(recorders ...*Recorder) error {
	path := os.Getenv(EnvTranscript)
	if path == "" {
		return nil
	}
	all := make([]Transcript, len(recorders))
	for i, r := range recorders {
		all[i] = r.Transcript()
	}
	data, err := json.Marshal(all)
	if err != nil {
		return fmt.Errorf("encode the transcript: %w", err)
	}
	if err := os.WriteFile(path, data, 0o600); err != nil {
		return fmt.Errorf("write the transcript: %w", err)
	}
	return nil
}

// ReadTranscripts decodes what WriteTranscript wrote, and refuses a
// transcript of another format or a newer version.
func ReadTranscripts(data []byte) ([]Transcript, error) {
	var all []Transcript
	if err := json.Unmarshal(data, &all); err != nil {
		return nil, fmt.Errorf("decode the transcripts: %w", err)
	}
	for _, t := range all {
		if t.Format != TranscriptFormat || t.Version > TranscriptVersion {
			return nil, fmt.Errorf("decode the transcripts: format %q version %d is not %q version %d or older; update the kit", t.Format, t.Version, TranscriptFormat, TranscriptVersion)
		}
	}
	return all, nil
}

// Recorder writes a transcript as a run goes: wrap a model with Model, the
// tools with Tools and watch a workspace with Watch, then hand the wrapped
// ones to the harness. What they do is unchanged; the recorder only writes
// it down. A Recorder is safe for use by several goroutines at once.
type Recorder struct {
	mu     sync.Mutex
	t      Transcript
	spaces []*watched
}

// watched is a workspace and how many of its reads and writes the
// transcript holds already.
type watched struct {
	ws            *Workspace
	reads, writes int
}

// NewRecorder returns a recorder with an empty transcript titled title.
func NewRecorder(title string) *Recorder {
	return &Recorder{t: NewTranscript(title)}
}

// Transcript returns a deep copy of what the recorder has written so far.
func (r *Recorder) Transcript() Transcript {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.syncLocked()
	data, _ := json.Marshal(r.t)
	var out Transcript
	json.Unmarshal(data, &out)
	if out.Events == nil {
		out.Events = []Event{}
	}
	return out
}

// Watch makes the recorder list ws's reads and writes among its events.
// They are picked up around every request and tool run, so a read made by a
// tool shows inside that tool's run, before its result.
func (r *Recorder) Watch(ws *Workspace) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.spaces = append(r.spaces, &watched{ws: ws, reads: len(ws.Reads()), writes: len(ws.Writes())})
}

// syncLocked appends the workspace reads and writes not yet written down.
func (r *Recorder) syncLocked() {
	for _, s := range r.spaces {
		reads, writes := s.ws.Reads(), s.ws.Writes()
		for _, p := range reads[s.reads:] {
			r.t.Events = append(r.t.Events, Event{Kind: EventRead, Path: p})
		}
		for _, p := range writes[s.writes:] {
			r.t.Events = append(r.t.Events, Event{Kind: EventWrite, Path: p})
		}
		s.reads, s.writes = len(reads), len(writes)
	}
}

func (r *Recorder) add(e Event) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.syncLocked()
	r.t.Events = append(r.t.Events, e)
}

// Model returns a model that answers as m does and writes down every
// request (with its bill), every reply (with its usage) and every refusal.
func (r *Recorder) Model(m Model) Model {
	return recordedModel{m: m, r: r}
}

type recordedModel struct {
	m Model
	r *Recorder
}

// Complete sends the request on to the wrapped model and records both sides.
func (rm recordedModel) Complete(system string, messages []Message, tools []Spec) Message {
	return rm.record(system, messages, tools, func() Message { return rm.m.Complete(system, messages, tools) })
}

// record writes down the request, asks for the reply, and writes down the
// reply or the refusal.
func (rm recordedModel) record(system string, messages []Message, tools []Spec, ask func() Message) Message {
	rm.r.add(Event{Kind: EventRequest, System: system, Messages: wireMessages(messages), Tools: wireSpecs(tools),
		Tokens: CountTokens(RenderRequest(system, messages, tools))})
	reply := ask()
	if reply.Error != "" {
		rm.r.add(Event{Kind: EventRefusal, Error: reply.Error})
	} else {
		w := WireOf(reply)
		rm.r.add(Event{Kind: EventReply, Reply: &w})
	}
	return reply
}

// Provider returns a provider that answers as p does and writes down every
// request sent to it (with its bill), then its reply, or the failure as a
// refusal event with the error's words. Each try of a retrying harness is
// a request of its own.
func (r *Recorder) Provider(p Provider) Provider {
	return recordedProvider{p: p, r: r}
}

type recordedProvider struct {
	p Provider
	r *Recorder
}

// Name returns the wrapped provider's name.
func (rp recordedProvider) Name() string { return rp.p.Name() }

// Send sends the request on to the wrapped provider and records both sides.
func (rp recordedProvider) Send(system string, messages []Message, tools []Spec, deadline time.Time) (Message, error) {
	rp.r.add(Event{Kind: EventRequest, System: system, Messages: wireMessages(messages), Tools: wireSpecs(tools),
		Tokens: CountTokens(RenderRequest(system, messages, tools))})
	reply, err := rp.p.Send(system, messages, tools, deadline)
	if err != nil {
		rp.r.add(Event{Kind: EventRefusal, Error: err.Error()})
	} else {
		w := WireOf(reply)
		rp.r.add(Event{Kind: EventReply, Reply: &w})
	}
	return reply, err
}

// Tools returns copies of tools whose Execute writes down each run: the
// arguments as the tool received them, then its result and whether it
// failed. What the tool does and returns is unchanged.
func (r *Recorder) Tools(tools ...Tool) []Tool {
	out := make([]Tool, len(tools))
	for i, t := range tools {
		execute, name := t.Execute, t.Name
		t.Execute = func(args Args) (string, error) {
			r.mu.Lock()
			r.syncLocked()
			r.mu.Unlock()
			copied := cloneArgs(args)
			text, err := execute(args)
			e := Event{Kind: EventTool, Tool: name, Arguments: copied, Result: text}
			if err != nil {
				e.Result, e.IsError = err.Error(), true
			}
			r.add(e)
			return text, err
		}
		out[i] = t
	}
	return out
}
