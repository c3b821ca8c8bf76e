package harness

import (
	"context"
	// --- your code ---
	"errors"
	"sync"
	// --- end ---

	"harnesslab/lab"
)

// Batches splits the calls of one reply into batches that may run at the
// same time, in the order the model listed them. Each batch holds the
// indexes of its calls in calls. Calls to a Read tool that stand next to
// each other share a batch; every other call (a write, an external or
// irreversible call, or a tool with no effect class in effects) is a batch
// of its own. The batches, one after the other, hold every call once, in
// listed order.
func Batches(effects map[string]Effect, calls []lab.Block) [][]int {
	var batches [][]int
	reads := false // whether the last batch is a batch of reads
	for i, call := range calls {
		if effects[call.Name] != Read {
			batches = append(batches, []int{i})
			reads = false
			continue
		}
		if !reads {
			batches = append(batches, nil)
			reads = true
		}
		last := len(batches) - 1
		batches[last] = append(batches[last], i)
	}
	return batches
}

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
		if errors.Is(ctx.Err(), context.Canceled) {
			for _, i := range batch {
				results[i] = cancelled(calls[i])
			}
			continue
		}
		var wg sync.WaitGroup
		for _, i := range batch {
			wg.Add(1)
			go func() {
				defer wg.Done()
				results[i] = RunTool(tools, calls[i])
			}()
		}
		wg.Wait()
	}
	return results
	// --- end ---
}
