package harness

// Fallback returns a model that sends every request to its providers in
// turn, with Send, and answers with the first reply it gets. When every
// provider fails, its reply is an error reply (StopReason "error") whose
// Error is the last provider's failure.
func Fallback(clock lab.Clock, rng *rand.Rand, providers ...lab.Provider) lab.Model {
	return fallback{skip: new(int), clock: clock, rng: rng, providers: providers}
}

// fallback is the model Fallback returns.
type fallback struct {
	skip      *int // how many providers have failed for good
	clock     lab.Clock
	rng       *rand.Rand
	providers []lab.Provider
}

// Complete answers one request from the first provider that answers it.
func (f fallback) Complete(system string, messages []lab.Message, tools []lab.Spec) lab.Message {
	// --- your code ---
	var last error
	for i, p := range f.providers {
		if i < *f.skip && i < len(f.providers)-1 {
			continue
		}
		reply, err := Send(p, f.clock, f.rng, system, messages, tools)
		if err == nil {
			return reply
		}
		*f.skip = i + 1
		last = err
	}
	return lab.Message{Role: lab.RoleAssistant, StopReason: "error", Error: last.Error()}
	// --- end ---
}
