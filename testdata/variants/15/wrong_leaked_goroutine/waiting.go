package harness

// RunCallsWithin runs the calls of one reply one after another, each through
// RunCall with its own limit, and returns one result per call, in the order
// of calls. Once ctx has ended, the calls that have not started do not run:
// each gets the cancelled result (CancelledText).
func RunCallsWithin(ctx context.Context, jobs []Job, calls []lab.Block, limit time.Duration) []lab.Message {
	// --- your code ---
	results := make([]lab.Message, len(calls))
	for i, call := range calls {
		if ctx.Err() != nil {
			results[i] = cancelled(call)
			continue
		}
		callCtx, cancel := context.WithTimeout(ctx, limit)
		done := make(chan struct{})
		go func() {
			results[i] = RunTool(BindJobs(callCtx, jobs), call)
			close(done)
		}()
		select {
		case <-done:
		case <-callCtx.Done():
			if ctx.Err() != nil {
				results[i] = stopped(call)
			} else {
				results[i] = timedOut(call, limit)
			}
		}
		cancel()
	}
	return results
	// --- end ---
}
