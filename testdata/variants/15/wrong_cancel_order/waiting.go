package harness

// RunCallsWithin runs the calls of one reply one after another, each through
// RunCall with its own limit, and returns one result per call, in the order
// of calls. Once ctx has ended, the calls that have not started do not run:
// each gets the cancelled result (CancelledText).
func RunCallsWithin(ctx context.Context, jobs []Job, calls []lab.Block, limit time.Duration) []lab.Message {
	// --- your code ---
	results := make([]lab.Message, 0, len(calls))
	for _, call := range calls {
		result := RunCall(ctx, jobs, call, limit)
		if ctx.Err() != nil {
			for _, rest := range calls[len(results)+1:] {
				results = append(results, cancelled(rest))
			}
			return append(results, result)
		}
		results = append(results, result)
	}
	return results
	// --- end ---
}
