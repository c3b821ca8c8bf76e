package harness

// Send sends one request to p and returns its reply. Each try may wait
// Timeout for its reply, counted on clock. A transient failure is tried
// again after a pause (the provider's retry-after if it sent one, Backoff
// otherwise), a malformed reply is asked for again at once, but only once,
// and anything else is returned at once; nobody tries more than MaxAttempts
// times. When it gives up, Send returns the last failure.
func Send(p lab.Provider, clock lab.Clock, rng *rand.Rand, system string, messages []lab.Message, tools []lab.Spec) (lab.Message, error) {
	// --- your code ---
	reasked := false
	for attempt := 1; ; attempt++ {
		reply, err := p.Send(system, messages, tools, clock.Now().Add(Timeout))
		if err == nil {
			return reply, nil
		}
		kind := Classify(err)
		if attempt > MaxAttempts || (kind == Malformed && reasked) || (kind != Transient && kind != Malformed) {
			return lab.Message{}, err
		}
		if kind == Malformed {
			reasked = true
			continue
		}
		clock.Sleep(pause(err, attempt, rng))
	}
	// --- end ---
}
