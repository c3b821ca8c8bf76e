package harness

// pause is how long to wait after a transient failure on try attempt: what
// the provider's retry-after asked for, if it asked, and otherwise Backoff.
func pause(err error, attempt int, rng *rand.Rand) time.Duration {
	// --- your code ---
	var failure *lab.ProviderError
	if errors.As(err, &failure) && failure.Status == 429 && failure.RetryAfter > 0 {
		return failure.RetryAfter
	}
	return Backoff(attempt, rng)
	// --- end ---
}
