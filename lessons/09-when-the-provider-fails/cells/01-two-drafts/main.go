// A harness sends a draft to the ops team through an outbox across the
// network. The outbox sends it, and then its reply is lost on the way back.
// The harness waits, gives up, and tries again, as retries do.
package main

import (
	"fmt"
	"time"

	"harnesslab/lab"
)

func main() {
	clock := lab.NewFakeClock(time.Date(2026, 3, 14, 9, 0, 0, 0, time.UTC))
	outbox := lab.NewOutbox(clock, lab.LostReply()) // the first reply never arrives

	// A retry loop of the usual kind: try, and on any error try again.
	for try := 1; try <= 3; try++ {
		sent := clock.Now()
		answer, err := outbox.Send("", "ops", "The nightly build failed.", sent.Add(30*time.Second))
		fmt.Printf("try %d, sent at %s: %q, %v\n", try, sent.Format("15:04:05"), answer, err)
		if err == nil {
			break
		}
	}
	fmt.Println()
	for _, d := range outbox.Drafts() {
		fmt.Printf("the ops team got %s: %q\n", d.ID, d.Text)
	}
}
