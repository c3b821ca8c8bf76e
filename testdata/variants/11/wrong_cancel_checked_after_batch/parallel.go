package harness

// RunCalls runs the calls of one reply and returns their results, one for
// each call, in the order of calls, whatever order they finish in. The
// calls of a batch (see Batches) run at the same time, each through
// RunTool; a batch starts only when the one before it has finished. When ctx
// is cancelled, the batches that have not started yet do not run: each of
// their calls gets an error result whose content is CancelledText. A batch
// that has started always finishes.
func RunCalls(ctx context.Context, tools []lab.Tool, effects map[string]Effect, calls []lab.Block) []lab.Message {
	// --- your code ---
	results := make([]lab.Message, len(calls))
	for _, batch := range Batches(effects, calls) {
		var wg sync.WaitGroup
		for _, i := range batch {
			wg.Add(1)
			go func() {
				defer wg.Done()
				results[i] = RunTool(tools, calls[i])
			}()
		}
		wg.Wait()
		if ctx.Err() != nil {
			for i := batch[len(batch)-1] + 1; i < len(calls); i++ {
				results[i] = cancelled(calls[i])
			}
			break
		}
	}
	return results
	// --- end ---
}
