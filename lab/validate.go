package lab

import (
	"fmt"
	"sort"
	"strings"
)

// Validate returns every problem a strict provider would refuse messages for,
// one line each, naming the index of the message at fault, in message order.
// No problems (a nil slice) means the list is fit to send.
//
// The rules: every toolCall is answered by exactly one toolResult quoting its
// id; the results come right after the assistant message that made the calls,
// in the order the calls were written (providers match by id and are often less
// fussy about order; the lab is stricter, and says so); a result answers a call
// that is in the list; and each role uses only its own fields.
func Validate(messages []Message) []string {
	v := validator{calls: map[string]*callState{}}
	for i, m := range messages {
		v.checkShape(i, m)
	}
	v.checkPairs(messages)
	sort.SliceStable(v.problems, func(a, b int) bool { return v.problems[a].index < v.problems[b].index })
	var out []string
	for _, p := range v.problems {
		out = append(out, p.text)
	}
	return out
}

type problem struct {
	index int
	text  string
}

type callState struct {
	at       int    // index of the assistant message that made the call
	name     string // the tool it asked for
	answered int    // index of the first result, or -1
}

type validator struct {
	problems []problem
	calls    map[string]*callState
}

func (v *validator) addf(i int, format string, args ...any) {
	v.problems = append(v.problems, problem{i, fmt.Sprintf("messages[%d]: ", i) + fmt.Sprintf(format, args...)})
}

// checkShape reports fields a role does not use.
func (v *validator) checkShape(i int, m Message) {
	switch m.Role {
	case RoleUser:
		if len(m.Blocks) > 0 {
			v.addf(i, "a user message keeps its words in Content; Blocks is for assistant messages")
		}
		if m.ToolCallID != "" || m.ToolName != "" || m.IsError {
			v.addf(i, "a user message has no tool_call_id, tool_name or is_error; a tool's result is a toolResult message")
		}
	case RoleAssistant:
		if m.Content != "" {
			v.addf(i, "an assistant message keeps its content in Blocks, not in Content")
		}
		for j, b := range m.Blocks {
			switch b.Type {
			case TextBlock:
			case ToolCallBlock:
				if b.ID == "" {
					v.addf(i, "content[%d]: toolCall %s has no id", j, b.Name)
				}
				if b.Name == "" {
					v.addf(i, "content[%d]: toolCall %s names no tool", j, b.ID)
				}
			default:
				v.addf(i, "content[%d]: unknown block type %q (want %q or %q)", j, b.Type, TextBlock, ToolCallBlock)
			}
		}
	case RoleToolResult:
		if m.ToolCallID == "" {
			v.addf(i, "toolResult has no tool_call_id: it must quote the id of the call it answers")
		}
		if len(m.Blocks) > 0 {
			v.addf(i, "a toolResult keeps its text in Content; Blocks is for assistant messages")
		}
	default:
		v.addf(i, "unknown role %q (want %q, %q or %q)", m.Role, RoleUser, RoleAssistant, RoleToolResult)
	}
}

// checkPairs reports calls and results that are not paired one to one, right
// after each other, in call order.
func (v *validator) checkPairs(messages []Message) {
	var order []string // call ids in the order they were made
	for i := 0; i < len(messages); i++ {
		m := messages[i]
		switch m.Role {
		case RoleAssistant:
			var ids []string
			for _, b := range m.Blocks {
				if b.Type != ToolCallBlock || b.ID == "" {
					continue
				}
				if _, seen := v.calls[b.ID]; seen {
					v.addf(i, "toolCall id %s is used twice; every call needs an id of its own", b.ID)
					continue
				}
				v.calls[b.ID] = &callState{at: i, name: b.Name, answered: -1}
				ids = append(ids, b.ID)
				order = append(order, b.ID)
			}
			i = v.checkRun(messages, i, ids)
		case RoleToolResult:
			v.checkStray(i, m)
		}
	}
	for _, id := range order {
		if c := v.calls[id]; c.answered < 0 {
			v.addf(c.at, "toolCall %s has no toolResult", id)
		}
	}
}

// checkRun checks the results right after the assistant message at index at,
// which made the calls ids, and returns the index of the last of them.
func (v *validator) checkRun(messages []Message, at int, ids []string) int {
	next := 0 // index in ids of the call whose result should come next
	j := at + 1
	for ; j < len(messages) && messages[j].Role == RoleToolResult; j++ {
		r := messages[j]
		c, ours := v.calls[r.ToolCallID]
		if !ours || c.at != at {
			v.checkStray(j, r)
			continue
		}
		v.checkName(j, r, c)
		if c.answered >= 0 {
			v.addf(j, "toolResult %s is a duplicate: %s was already answered at messages[%d]", r.ToolCallID, r.ToolCallID, c.answered)
			continue
		}
		c.answered = j
		if next < len(ids) && ids[next] != r.ToolCallID {
			v.addf(j, "toolResult %s is out of call order: the calls were %s, so the result for %s comes first",
				r.ToolCallID, strings.Join(ids, ", "), ids[next])
		}
		for next < len(ids) && v.calls[ids[next]].answered >= 0 {
			next++
		}
	}
	return j - 1
}

// checkStray checks a result that is not in the run right after its call.
func (v *validator) checkStray(i int, r Message) {
	if r.ToolCallID == "" {
		return // reported by checkShape
	}
	c, known := v.calls[r.ToolCallID]
	switch {
	case !known || c.at > i:
		v.addf(i, "toolResult %s answers no toolCall in the messages before it", r.ToolCallID)
	case c.answered >= 0:
		v.checkName(i, r, c)
		v.addf(i, "toolResult %s is a duplicate: %s was already answered at messages[%d]", r.ToolCallID, r.ToolCallID, c.answered)
	default:
		v.checkName(i, r, c)
		c.answered = i
		v.addf(i, "toolResult %s is late: it must come right after messages[%d], the assistant message that made the call", r.ToolCallID, c.at)
	}
}

func (v *validator) checkName(i int, r Message, c *callState) {
	if r.ToolName != c.name {
		v.addf(i, "toolResult %s says tool_name %q, but call %s asked for %q", r.ToolCallID, r.ToolName, r.ToolCallID, c.name)
	}
}
