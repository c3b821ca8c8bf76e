package harness

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
	from := starts[len(starts)]
	for _, start := range starts {
		if RequestTokens(system, messages[start:], specs) <= budget {
			from = start
			break
		}
	}
	return lab.CloneMessages(messages[from:])
	// --- end ---
}
