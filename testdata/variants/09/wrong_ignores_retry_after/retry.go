package harness

// pause is how long to wait after a transient failure on try attempt: what
// the provider's retry-after asked for, if it asked, and otherwise Backoff.
func pause(err error, attempt int, rng *rand.Rand) time.Duration {
	// --- your code ---
	return Backoff(attempt, rng)
	// --- end ---
}
