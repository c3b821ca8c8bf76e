package harness

// RunLoopWithin is RunLoop for jobs: it calls the model, runs the calls of
// each reply with RunCallsWithin, and calls the model again, until it answers,
// the budget of maxSteps model calls runs out, or ctx ends. When ctx ends,
// every call of the last reply still has its result in the list, the model
// is not called again, and the run ends Stopped.
func RunLoopWithin(ctx context.Context, model lab.Model, messages []lab.Message, jobs []Job, maxSteps int, limit time.Duration) ([]lab.Message, Result) {
	// --- your code ---
	specs := ToolSpecs(BindJobs(ctx, jobs))
	for step := 1; step <= MaxSteps; step++ {
		if ctx.Err() != nil {
			return messages, Result{Status: Stopped, Steps: step - 1}
		}
		reply := model.Complete(System, messages, specs)
		messages = append(messages, reply)
		calls := ToolCalls(reply)
		if len(calls) == 0 {
			return messages, Result{Status: Answered, Text: TextOf(reply), Steps: step}
		}
		messages = append(messages, RunCallsWithin(ctx, jobs, calls, limit)...)
	}
	if ctx.Err() != nil {
		return messages, Result{Status: Stopped, Steps: MaxSteps}
	}
	return messages, Result{Status: GaveUp, Steps: MaxSteps}
	// --- end ---
}
