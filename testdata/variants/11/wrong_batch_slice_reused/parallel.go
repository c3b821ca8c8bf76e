package harness

// Batches splits the calls of one reply into batches that may run at the
// same time, in the order the model listed them. Each batch holds the
// indexes of its calls in calls. Calls to a Read tool that stand next to
// each other share a batch; every other call (a write, an external or
// irreversible call, or a tool with no effect class in effects) is a batch
// of its own. The batches, one after the other, hold every call once, in
// listed order.
func Batches(effects map[string]Effect, calls []lab.Block) [][]int {
	// --- your code ---
	var batches [][]int
	var cur []int // the reads gathered so far
	for i, call := range calls {
		if effects[call.Name] != Read {
			if len(cur) > 0 {
				batches = append(batches, cur)
				cur = cur[:0]
			}
			batches = append(batches, []int{i})
			continue
		}
		cur = append(cur, i)
	}
	if len(cur) > 0 {
		batches = append(batches, cur)
	}
	return batches
	// --- end ---
}
