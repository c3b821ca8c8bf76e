package harness

import "harnesslab/lab"

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
// billed, in the lab's tokens: the whole rendered request, counted once.
func RequestTokens(system string, messages []lab.Message, specs []lab.Spec) int {
	// --- your code ---
	return lab.CountTokens(lab.RenderRequest(system, messages, specs))
	// --- starter ---
	panic("RequestTokens: not written yet")
	// --- end ---
}

// turnStarts returns the index of every user message: the places where a
// list can be cut without separating a call from its result.
func turnStarts(messages []lab.Message) []int {
	var starts []int
	for i, m := range messages {
		if m.Role == lab.RoleUser {
			starts = append(starts, i)
		}
	}
	return starts
}

// Trim returns the newest whole turns of messages that fit in budget tokens,
// billed with system and specs. A turn starts at a user message, so a call
// always stays with its result. The newest turn is kept even when it alone is
// over budget. The list returned is a new one: changing it leaves messages as
// they were.
func Trim(system string, messages []lab.Message, specs []lab.Spec, budget int) []lab.Message {
	// --- your code ---
	starts := turnStarts(messages)
	if len(starts) == 0 {
		return lab.CloneMessages(messages)
	}
	from := starts[len(starts)-1]
	for _, start := range starts {
		if RequestTokens(system, messages[start:], specs) <= budget {
			from = start
			break
		}
	}
	return lab.CloneMessages(messages[from:])
	// --- starter ---
	panic("Trim: not written yet")
	// --- end ---
}

// Compact keeps the newest keep turns of messages as they are and replaces
// the older ones with a summary written by model. The model is asked once,
// with SummaryPrompt, the older turns and SummaryAsk, and no tools; its words
// come back as one user message opening with SummaryPrefix. With keep turns or
// fewer, or when the model refuses, Compact returns a copy of messages and
// nothing is lost.
func Compact(model lab.Model, messages []lab.Message, keep int) []lab.Message {
	// --- your code ---
	starts := turnStarts(messages)
	if keep < 0 {
		keep = 0
	}
	if len(starts) <= keep {
		return lab.CloneMessages(messages)
	}
	cut := len(messages)
	if keep > 0 {
		cut = starts[len(starts)-keep]
	}
	request := append(lab.CloneMessages(messages[:cut]), UserMessage(SummaryAsk))
	reply := model.Complete(SummaryPrompt, request, nil)
	if reply.Error != "" {
		return lab.CloneMessages(messages)
	}
	compacted := []lab.Message{UserMessage(SummaryPrefix + TextOf(reply))}
	return append(compacted, lab.CloneMessages(messages[cut:])...)
	// --- starter ---
	panic("Compact: not written yet")
	// --- end ---
}

// Repair returns messages with every call answered by exactly one result,
// right after the assistant message that made it, in call order, the way the
// reference agent repairs its tool history:
//
//   - a result already right after its call stays;
//   - a result elsewhere (late, or out of order) moves next to its call,
//     a real result preferred over an Interrupted one;
//   - a call with no result gets an error result saying Interrupted;
//   - results that answer no call, and second results for one call, are dropped.
//
// Every other message keeps its place. messages is left as it was.
func Repair(messages []lab.Message) []lab.Message {
	// --- your code ---
	// callPlace names a call by its assistant message and its place among
	// that message's calls.
	type callPlace struct{ message, call int }
	used := map[int]bool{}
	// pickResult returns the index of the unused result to move next to call
	// (made by messages[at]), or -1: a real result before an interruption,
	// wherever each is, and among those, one after the call before one
	// before it.
	pickResult := func(at int, call lab.Block) int {
		var after, before []int
		for j, m := range messages {
			if used[j] || !answers(m, call) {
				continue
			}
			if j > at {
				after = append(after, j)
			} else {
				before = append(before, j)
			}
		}
		for _, pool := range [][]int{after, before} {
			for _, j := range pool {
				if !isInterruption(messages[j]) {
					return j
				}
			}
		}
		for _, pool := range [][]int{after, before} {
			if len(pool) > 0 {
				return pool[0]
			}
		}
		return -1
	}
	chosen := map[callPlace]lab.Message{}
	for i, m := range messages {
		if m.Role != lab.RoleAssistant {
			continue
		}
		for n, call := range ToolCalls(m) {
			if at := i + 1 + n; at < len(messages) && answers(messages[at], call) && !isInterruption(messages[at]) {
				used[at] = true
				chosen[callPlace{i, n}] = messages[at]
			}
		}
	}
	for i, m := range messages {
		if m.Role != lab.RoleAssistant {
			continue
		}
		for n, call := range ToolCalls(m) {
			if _, ok := chosen[callPlace{i, n}]; ok {
				continue
			}
			if at := pickResult(i, call); at >= 0 {
				used[at] = true
				chosen[callPlace{i, n}] = messages[at]
				continue
			}
			chosen[callPlace{i, n}] = lab.Message{Role: lab.RoleToolResult, ToolCallID: call.ID,
				ToolName: call.Name, Content: Interrupted, IsError: true}
		}
	}
	var repaired []lab.Message
	for i, m := range messages {
		if m.Role == lab.RoleToolResult {
			continue
		}
		repaired = append(repaired, m.Clone())
		for n := range ToolCalls(m) {
			repaired = append(repaired, chosen[callPlace{i, n}].Clone())
		}
	}
	return repaired
	// --- starter ---
	panic("Repair: not written yet")
	// --- end ---
}

// answers reports whether m is a result quoting call's id.
func answers(m lab.Message, call lab.Block) bool {
	return m.Role == lab.RoleToolResult && m.ToolCallID == call.ID
}

// isInterruption reports whether a result is one that repair writes.
func isInterruption(m lab.Message) bool {
	return m.IsError && m.Content == Interrupted
}
