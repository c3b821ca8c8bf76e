package harness

// RunCall runs one call through RunTool, with a deadline of its own: limit
// from now, or the caller's deadline if that comes first. The job is handed
// a context derived from ctx that ends at that deadline. RunCall returns as
// soon as the call finishes or its context ends, whichever comes first; it
// never waits for a job that ignores its context. A call whose context ended
// gets the timed-out result (TimedOutText) if its own limit ran out, or the
// stopped result (StoppedText) if ctx ended, whatever the job returned.
func RunCall(ctx context.Context, jobs []Job, call lab.Block, limit time.Duration) lab.Message {
	// --- your code ---
	callCtx, cancel := context.WithTimeout(ctx, limit)
	defer cancel()
	done := make(chan lab.Message, 1) // buffered: a job that finishes late never blocks
	go func() {
		done <- RunTool(BindJobs(callCtx, jobs), call)
	}()
	select {
	case result := <-done:
		if callCtx.Err() == nil {
			return result
		}
	case <-callCtx.Done():
	}
	return timedOut(call, limit)
	// --- end ---
}
