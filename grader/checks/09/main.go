// Command 09 is the check program of lesson 09, "When the provider fails".
// It is built together with the student's harness.go and retry.go and runs
// one check per call:
//
//	09 failures_classified
package main

import (
	"math/rand/v2"

	"harnesslab/grader/checkkit"
	"harnesslab/grader/checks/09/checks"
	"harnesslab/lab"
	harness "harnesslab/lessons/09-when-the-provider-fails"
)

func main() {
	checks.S = checks.Student{
		Classify: func(err error) string { return string(harness.Classify(err)) },
		Backoff:  harness.Backoff,
		Send:     harness.Send,
		Fallback: harness.Fallback,
		MakeSendTool: func(outbox *lab.Outbox, clock lab.Clock, rng *rand.Rand, newKey func() string) lab.Tool {
			return harness.MakeSendTool(outbox, clock, rng, newKey)
		},
		RunTool:      harness.RunTool,
		MakeReadTool: harness.MakeReadTool,
		Chat: func(model lab.Model, messages []lab.Message, text string, tools []lab.Tool) ([]lab.Message, checks.Result) {
			out, r := harness.Chat(model, messages, text, tools)
			return out, checks.Result{Status: string(r.Status), Text: r.Text, Steps: r.Steps}
		},
		Values: checks.Values{
			System: harness.System, MaxSteps: harness.MaxSteps,
			Transient: string(harness.Transient), Malformed: string(harness.Malformed),
			Mistake: string(harness.Mistake), Permanent: string(harness.Permanent),
			MaxAttempts: harness.MaxAttempts, BaseDelay: harness.BaseDelay,
			MaxDelay: harness.MaxDelay, Timeout: harness.Timeout,
		},
	}
	checkkit.Main(checks.Checks)
}
