// Command 11 is the check program of lesson 11, "Several calls at once".
// It is built, under the race detector, together with the student's files
// and runs one check per call:
//
//	11 reads_share_a_batch
package main

import (
	"context"

	"harnesslab/grader/checkkit"
	"harnesslab/grader/checks/11/checks"
	"harnesslab/lab"
	harness "harnesslab/lessons/11-several-calls-at-once"
)

func main() {
	checks.S = checks.Student{
		Batches: func(effects map[string]string, calls []lab.Block) [][]int {
			return harness.Batches(effectsOf(effects), calls)
		},
		RunCalls: func(ctx context.Context, tools []lab.Tool, effects map[string]string, calls []lab.Block) []lab.Message {
			return harness.RunCalls(ctx, tools, effectsOf(effects), calls)
		},
	}
	checkkit.Main(checks.Checks)
}

// effectsOf turns the checks' effect classes, written as plain strings, into
// the student's type.
func effectsOf(effects map[string]string) map[string]harness.Effect {
	if effects == nil {
		return nil
	}
	out := make(map[string]harness.Effect, len(effects))
	for name, effect := range effects {
		out[name] = harness.Effect(effect)
	}
	return out
}
