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
		for _, job := range jobs {
			if job.Name == call.Name {
				content, err := job.Execute(callCtx, call.Arguments)
				result := lab.Message{Role: lab.RoleToolResult, ToolCallID: call.ID, ToolName: call.Name, Content: content}
				if err != nil {
					result.Content, result.IsError = err.Error(), true
				}
				done <- result
				return
			}
		}
		done <- lab.Message{Role: lab.RoleToolResult, ToolCallID: call.ID, ToolName: call.Name, Content: "Error: no tool called " + call.Name, IsError: true}
	}()
	select {
	case result := <-done:
		if callCtx.Err() == nil {
			return result
		}
	case <-callCtx.Done():
	}
	if ctx.Err() != nil {
		return stopped(call)
	}
	return timedOut(call, limit)
	// --- end ---
}
