package harness

// RequestTokens returns what a request made of system, messages and specs is
// billed, in the lab's tokens: the whole rendered request, counted once.
func RequestTokens(system string, messages []lab.Message, specs []lab.Spec) int {
	// --- your code ---
	return lab.RenderRequest(system, messages, specs)
	// --- end ---
}
