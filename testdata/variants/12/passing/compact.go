package harness

import (
	"slices"

	"harnesslab/lab"
)

// The words of compaction and repair. Checks compare against these exact
// texts.
const (
	// SummaryPrompt is the system prompt of the request that asks for a
	// summary of the older turns.
	SummaryPrompt = "You write summaries of conversations for your own later use. Keep every name, number, file and decision the user gave; leave out small talk."
	// SummaryAsk is the user message that ends that request.
	SummaryAsk = "Summarize the conversation so far."
	// SummaryPrefix opens the user message that stands in for the older turns.
	SummaryPrefix = "Previous conversation summary:\n"
	// Interrupted is the content of the error result that repair writes for a
	// call that never got one.
	Interrupted = "Tool call interrupted by user"
)

// RequestTokens returns what a request made of system, messages and specs is
// billed, in the lab's tokens.
func RequestTokens(system string, messages []lab.Message, specs []lab.Spec) int {
	text := lab.RenderRequest(system, messages, specs)
	return lab.CountTokens(text)
}

// turnStarts returns the index of every user message.
func turnStarts(messages []lab.Message) []int {
	var starts []int
	for i, m := range messages {
		if m.Role == lab.RoleUser {
			starts = append(starts, i)
		}
	}
	return starts
}

// Trim returns the newest whole turns that fit in budget, or the newest turn.
// It walks back from the newest turn and stops at the first that would not fit.
func Trim(system string, messages []lab.Message, specs []lab.Spec, budget int) []lab.Message {
	starts := turnStarts(messages)
	if len(starts) == 0 {
		return lab.CloneMessages(messages)
	}
	from := starts[len(starts)-1]
	for k := len(starts) - 2; k >= 0; k-- {
		if RequestTokens(system, messages[starts[k]:], specs) > budget {
			break
		}
		from = starts[k]
	}
	var out []lab.Message
	for _, m := range messages[from:] {
		out = append(out, m.Clone())
	}
	return out
}

// Compact replaces all but the newest keep turns with a summary.
func Compact(model lab.Model, messages []lab.Message, keep int) []lab.Message {
	starts := turnStarts(messages)
	older := len(starts) - max(keep, 0)
	if older <= 0 {
		return lab.CloneMessages(messages)
	}
	cut := len(messages)
	if older < len(starts) {
		cut = starts[older]
	}
	var request []lab.Message
	request = append(request, lab.CloneMessages(messages[:cut])...)
	request = append(request, UserMessage(SummaryAsk))
	reply := model.Complete(SummaryPrompt, request, nil)
	if reply.StopReason == "error" || reply.Error != "" {
		return lab.CloneMessages(messages)
	}
	out := []lab.Message{{Role: lab.RoleUser, Content: SummaryPrefix + TextOf(reply)}}
	return append(out, lab.CloneMessages(messages[cut:])...)
}

// answers reports whether m is a result quoting call's id.
func answers(m lab.Message, call lab.Block) bool {
	return m.Role == lab.RoleToolResult && m.ToolCallID == call.ID
}

// isInterruption reports whether a result is one that repair writes.
func isInterruption(m lab.Message) bool {
	return m.IsError && m.Content == Interrupted
}

// Repair pairs every call with one result, right after its reply. It takes,
// for each call, the best of the results that quote it: right after the call,
// then later ones, then earlier ones; real ones before interruptions.
func Repair(messages []lab.Message) []lab.Message {
	taken := make([]bool, len(messages))
	var out []lab.Message
	for i, m := range messages {
		if m.Role == lab.RoleToolResult {
			continue
		}
		out = append(out, m.Clone())
		for n, call := range ToolCalls(m) {
			best, score := -1, -1
			for j, r := range messages {
				if taken[j] || !answers(r, call) {
					continue
				}
				s := 0
				if j > i {
					s += 2
				}
				if !isInterruption(r) {
					s += 4
				}
				if j == i+1+n {
					s++
				}
				if s > score {
					best, score = j, s
				}
			}
			if best < 0 {
				out = append(out, lab.Message{Role: lab.RoleToolResult, ToolCallID: call.ID,
					ToolName: call.Name, Content: Interrupted, IsError: true})
				continue
			}
			taken[best] = true
			out = append(out, messages[best].Clone())
		}
	}
	return slices.Clip(out)
}
