// Command 09 plays lesson 09's scenario against a real model: the model is
// reached through Fallback, which retries what a provider fails on, and it
// sends a draft with send_draft over an outbox whose first reply is lost.
// The notes show that the outbox sent the draft once.
package main

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"time"

	"harnesslab/grader/runs/runkit"
	"harnesslab/lab"
	harness "harnesslab/lessons/09-when-the-provider-fails"
)

func main() {
	// The outbox is the lab's: its first reply is lost, on a fake clock,
	// so the send is tried again with the same key and nothing really waits.
	clock := lab.NewFakeClock(time.Date(2026, 3, 14, 9, 0, 0, 0, time.UTC))
	outbox := lab.NewOutbox(clock, lab.LostReply())
	n := 0
	newKey := func() string { n++; return fmt.Sprintf("draft-key-%d", n) }
	runkit.Main(runkit.Scenario{
		Lesson: "09",
		Run: func(model lab.Model, _ *lab.Workspace, tools func(...lab.Tool) []lab.Tool) []lab.Message {
			// The provider's own failures are retried on the real clock.
			fallback := harness.Fallback(lab.RealClock{}, rand.New(rand.NewPCG(1, 2)), runkit.Provider(model, "the model"))
			send := harness.MakeSendTool(outbox, clock, rand.New(rand.NewPCG(7, 8)), newKey)
			messages, _ := harness.Chat(fallback, nil, "Tell the ops team the nightly build failed.", tools(send))
			return messages
		},
		Notes: func() string { return notes(outbox) },
	})
}

// notes shows every request the outbox got, and every draft it sent.
func notes(outbox *lab.Outbox) string {
	var b strings.Builder
	for _, r := range outbox.Requests() {
		fmt.Fprintf(&b, "the outbox got a request to %s with key %s\n", r.To, r.Key)
	}
	drafts := outbox.Drafts()
	for _, d := range drafts {
		fmt.Fprintf(&b, "the %s team got %s: %q\n", d.To, d.ID, d.Text)
	}
	fmt.Fprintf(&b, "drafts sent: %d", len(drafts))
	return b.String()
}
