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
