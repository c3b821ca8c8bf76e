package harness

// Repair returns messages with every call answered by exactly one result,
// right after the assistant message that made it, in call order, the way the
// reference agent repairs its tool history:
//
//   - a result already right after its call stays;
//   - a result elsewhere (late, or out of order) moves next to its call,
//     a real result preferred over an Interrupted one;
//   - a call with no result gets an error result saying Interrupted;
//   - results that answer no call, and second results for one call, are dropped.
//
// Every other message keeps its place. messages is left as it was.
func Repair(messages []lab.Message) []lab.Message {
	// --- your code ---
	// callPlace names a call by its assistant message and its place among
	// that message's calls.
	type callPlace struct{ message, call int }
	used := map[int]bool{}
	// pickResult returns the index of the unused result to move next to call
	// (made by messages[at]), or -1: a real result before an interruption,
	// wherever each is, and among those, one after the call before one
	// before it.
	_ = func(at int, call lab.Block) int {
		var after, before []int
		for j, m := range messages {
			if used[j] || !answers(m, call) {
				continue
			}
			if j > at {
				after = append(after, j)
			} else {
				before = append(before, j)
			}
		}
		for _, pool := range [][]int{after, before} {
			for _, j := range pool {
				if !isInterruption(messages[j]) {
					return j
				}
			}
		}
		for _, pool := range [][]int{after, before} {
			if len(pool) > 0 {
				return pool[0]
			}
		}
		return -1
	}
	chosen := map[callPlace]lab.Message{}
	for i, m := range messages {
		if m.Role != lab.RoleAssistant {
			continue
		}
		for n, call := range ToolCalls(m) {
			if at := i + 1 + n; at < len(messages) && answers(messages[at], call) && !isInterruption(messages[at]) {
				used[at] = true
				chosen[callPlace{i, n}] = messages[at]
			}
		}
	}
	for i, m := range messages {
		if m.Role != lab.RoleAssistant {
			continue
		}
		for n, call := range ToolCalls(m) {
			if _, ok := chosen[callPlace{i, n}]; ok {
				continue
			}
			chosen[callPlace{i, n}] = lab.Message{Role: lab.RoleToolResult, ToolCallID: call.ID,
				ToolName: call.Name, Content: Interrupted, IsError: true}
		}
	}
	var repaired []lab.Message
	for i, m := range messages {
		if m.Role == lab.RoleToolResult {
			continue
		}
		repaired = append(repaired, m.Clone())
		for n := range ToolCalls(m) {
			repaired = append(repaired, chosen[callPlace{i, n}].Clone())
		}
	}
	return repaired
	// --- end ---
}
