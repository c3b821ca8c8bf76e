package harness

// Backoff returns how long to wait before retry number retry (counting from
// 1). The step doubles from BaseDelay with each retry, up to MaxDelay; the
// wait is half the step plus a random part between 0 and half the step,
// both included, drawn once from rng as rng.Int64N(half+1).
func Backoff(retry int, rng *rand.Rand) time.Duration {
	// --- your code ---
	step := BaseDelay
	for n := 1; n < retry && step < MaxDelay; n++ {
		step *= 2
	}
	return min(step, MaxDelay)
	// --- end ---
}
