package harness

// pause is how long to wait after a transient failure on try attempt: what
// the provider's retry-after asked for, if it asked, and otherwise Backoff.
func pause(err error, attempt int, rng *rand.Rand) time.Duration {
	// --- your code ---
	wait := Backoff(attempt, rng)
	var failure *lab.ProviderError
	if errors.As(err, &failure) && failure.RetryAfter > wait {
		return failure.RetryAfter
	}
	return wait
	// --- end ---
}
