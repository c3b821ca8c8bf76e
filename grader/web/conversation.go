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
	Kind    string
	Number  int // requests and replies: which request, counting from 1
	Tokens  int
	System  string
	Tools   []string
	Conv    []convItem
	Reply   *convItem
	Error   string
	Tool    string
	Args    string
	Result  string
	IsError bool
	Path    string
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
	for _, e := range t.Events {
		ev := eventView{Kind: e.Kind, Error: e.Error, Tool: e.Tool, Result: e.Result, IsError: e.IsError, Path: e.Path}
		switch e.Kind {
		case lab.EventRequest:
			v.Requests++
			v.Bill += e.Tokens
			ev.Number, ev.Tokens, ev.System = v.Requests, e.Tokens, e.System
			for _, s := range e.Tools {
				ev.Tools = append(ev.Tools, s.Name)
			}
			ev.Conv = conversation(e.Messages)
		case lab.EventReply:
			ev.Number = v.Requests
			if e.Reply != nil {
				items := conversation([]lab.WireMessage{*e.Reply})
				ev.Reply = &items[0]
			}
		case lab.EventRefusal:
			ev.Number = v.Requests
			v.Refused++
		case lab.EventTool:
			ev.Args = lab.EncodeJSON(map[string]any(e.Arguments))
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

// drawTranscripts draws each of ts.
func drawTranscripts(ts []lab.Transcript) []transcriptView {
	out := make([]transcriptView, len(ts))
	for i, t := range ts {
		out[i] = drawTranscript(t)
	}
	return out
}
