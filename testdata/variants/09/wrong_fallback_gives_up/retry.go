package harness

// Complete answers one request from the first provider that answers it.
func (f fallback) Complete(system string, messages []lab.Message, tools []lab.Spec) lab.Message {
	// --- your code ---
	var last error
	for _, p := range f.providers {
		reply, err := Send(p, f.clock, f.rng, system, messages, tools)
		if err == nil {
			return reply
		}
		last = err
		break
	}
	return lab.Message{Role: lab.RoleAssistant, StopReason: "error", Error: last.Error()}
	// --- end ---
}
