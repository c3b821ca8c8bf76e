package harness

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
	kept := lab.CloneMessages(messages[cut:])
	request := append(messages[:cut], UserMessage(SummaryAsk))
	reply := model.Complete(SummaryPrompt, request, nil)
	if reply.Error != "" {
		return lab.CloneMessages(messages)
	}
	compacted := []lab.Message{UserMessage(SummaryPrefix + TextOf(reply))}
	return append(compacted, kept...)
	// --- end ---
}
