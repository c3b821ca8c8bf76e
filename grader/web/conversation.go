package web

import (
	"harnesslab/lab"
)

// convItem is one message of a conversation as a page draws it. A toolResult
// that answers a call in the same list is drawn beside that call instead,
// and is not an item of its own.
type convItem struct {
	Index    int         // the message's index, as a provider counts it
	Role     string      // user, assistant or toolResult
	Text     string      // user and toolResult: the words
	Blocks   []blockView // assistant: text and calls, in the order written
	ID       string      // toolResult: the call it names
	ToolName string
	IsError  bool
	Orphan   bool   // a toolResult whose call is not in the list
	Error    string // a refused reply: the provider's words
	Usage    *lab.WireUsage
}

// blockView is one block of an assistant message: words, or a call.
type blockView struct {
	Text string
	Call *callView
}

// callView is a tool call with the result that answers it, paired by id.
type callView struct {
	ID     string
	Name   string
	Args   string
	Result *convItem // nil when no message of the list answers the call
	// InReply marks a call in a model's reply, which no result can follow
	// in the same message: its result, if the harness sent one, is in the
	// next request, at message Later (-1 when that request lacks it or
	// there is no next request).
	InReply bool
	Later   int
	Next    int // the number of the next request, 0 when there is none
}

// conversation pairs every toolCall with the toolResult that carries its id
// and returns the messages to draw, in order.
func conversation(messages []lab.WireMessage) []convItem {
	results := map[string]int{}
	for i, m := range messages {
		if m.Role == lab.RoleToolResult {
			if _, dup := results[m.ToolCallID]; !dup {
				results[m.ToolCallID] = i
			}
		}
	}
	paired := map[int]bool{}
	var items []convItem
	for i, m := range messages {
		item := messageItem(i, m)
		for _, b := range m.Blocks {
			if b.Type != lab.ToolCallBlock {
				item.Blocks = append(item.Blocks, blockView{Text: b.Text})
				continue
			}
			call := callView{ID: b.ID, Name: b.Name, Args: lab.EncodeJSON(map[string]any(b.Arguments))}
			if j, ok := results[b.ID]; ok && j > i && !paired[j] {
				r := messageItem(j, messages[j])
				call.Result, paired[j] = &r, true
			}
			item.Blocks = append(item.Blocks, blockView{Call: &call})
		}
		items = append(items, item)
	}
	out := items[:0]
	for _, it := range items {
		if paired[it.Index] {
			continue
		}
		if it.Role == string(lab.RoleToolResult) {
			it.Orphan = true
		}
		out = append(out, it)
	}
	return out
}

// messageItem is one message without its pairing.
func messageItem(i int, m lab.WireMessage) convItem {
	return convItem{Index: i, Role: string(m.Role), Text: m.Content, ID: m.ToolCallID, ToolName: m.ToolName,
		IsError: m.IsError, Error: m.Error, Usage: m.Usage}
}

// eventView is one event of a transcript as a page draws it.
type eventView struct {
	Kind     string
	Number   int // requests and replies: which request, counting from 1
	Tokens   int
	System   string
	Tools    []string
	Messages int // requests: how many messages the request carried
	Conv     []convItem
	Reply    *convItem
	Error    string
	Tool     string
	Args     string
	Result   string
	IsError  bool
	Path     string
	// tool runs: the workspace reads and writes the run made, drawn on the
	// run's line rather than as lines of their own above it.
	Reads, Writes []string
}

// transcriptView is a whole transcript as a page draws it, with totals.
type transcriptView struct {
	Title    string
	Cut      bool
	Note     string
	Events   []eventView
	Requests int
	Bill     int // input tokens of every request
	Refused  int
	Reads    []string
	Writes   []string
}

// drawTranscript turns a transcript into what the templates draw.
func drawTranscript(t lab.Transcript) transcriptView {
	v := transcriptView{Title: t.Title, Cut: t.Cut, Note: t.Note}
	for i, e := range t.Events {
		ev := eventView{Kind: e.Kind, Error: e.Error, Tool: e.Tool, Result: e.Result, IsError: e.IsError, Path: e.Path}
		switch e.Kind {
		case lab.EventRequest:
			v.Requests++
			v.Bill += e.Tokens
			ev.Number, ev.Tokens, ev.System, ev.Messages = v.Requests, e.Tokens, e.System, len(e.Messages)
			for _, s := range e.Tools {
				ev.Tools = append(ev.Tools, s.Name)
			}
			ev.Conv = conversation(e.Messages)
		case lab.EventReply:
			ev.Number = v.Requests
			if e.Reply != nil {
				items := conversation([]lab.WireMessage{*e.Reply})
				ev.Reply = &items[0]
				answerLater(ev.Reply, t.Events[i+1:], v.Requests+1)
			}
		case lab.EventRefusal:
			ev.Number = v.Requests
			v.Refused++
		case lab.EventTool:
			ev.Args = lab.EncodeJSON(map[string]any(e.Arguments))
			// The reads and writes just before a tool's run are the run's own.
			for len(v.Events) > 0 {
				last := v.Events[len(v.Events)-1]
				if last.Kind == lab.EventRead {
					ev.Reads = append([]string{last.Path}, ev.Reads...)
				} else if last.Kind == lab.EventWrite {
					ev.Writes = append([]string{last.Path}, ev.Writes...)
				} else {
					break
				}
				v.Events = v.Events[:len(v.Events)-1]
			}
		case lab.EventRead:
			v.Reads = append(v.Reads, e.Path)
		case lab.EventWrite:
			v.Writes = append(v.Writes, e.Path)
		case lab.EventConversation:
			ev.Conv = conversation(e.Messages)
		}
		v.Events = append(v.Events, ev)
	}
	return v
}

// answerLater marks the calls of a reply, whose results can only come in
// the next request: it finds that request among rest (the events after the
// reply), numbered next, and the message in it that answers each call.
func answerLater(reply *convItem, rest []lab.Event, next int) {
	var following []lab.WireMessage
	found := false
	for _, e := range rest {
		if e.Kind == lab.EventRequest {
			following, found = e.Messages, true
			break
		}
	}
	for _, b := range reply.Blocks {
		if b.Call == nil {
			continue
		}
		b.Call.InReply, b.Call.Later = true, -1
		if !found {
			continue
		}
		b.Call.Next = next
		for j, m := range following {
			if m.Role == lab.RoleToolResult && m.ToolCallID == b.Call.ID {
				b.Call.Later = j
				break
			}
		}
	}
}

// drawTranscripts draws each of ts.
func drawTranscripts(ts []lab.Transcript) []transcriptView {
	out := make([]transcriptView, len(ts))
	for i, t := range ts {
		out[i] = drawTranscript(t)
	}
	return out
}
