package harness

import (
	"strings"

	"harnesslab/lab"
)

// RequestTokens returns what a request made of system, messages and specs is
// billed, in the lab's tokens: the whole rendered request, counted once.
func RequestTokens(system string, messages []lab.Message, specs []lab.Spec) int {
	// --- your code ---
	total := 0
	for _, line := range strings.SplitAfter(lab.RenderRequest(system, messages, specs), "\n") {
		total += lab.CountTokens(line)
	}
	return total
	// --- end ---
}
