// A provider that never answers the first try. Without a deadline, how long
// would the caller wait? With one, what does the wait cost?
package main

import (
	"fmt"
	"log"
	"math/rand/v2"
	"time"

	"harnesslab/lab"
	harness "harnesslab/lessons/09-when-the-provider-fails"
)

func main() {
	start := time.Date(2026, 3, 14, 9, 0, 0, 0, time.UTC)
	question := []lab.Message{harness.UserMessage("Which port does the server use?")}

	// No deadline: the lab refuses to wait for ever, and says so.
	func() {
		defer func() { fmt.Println("no deadline:", recover()) }()
		clock := lab.NewFakeClock(start)
		provider := lab.NewFlakyModel("main", clock, lab.NewScriptedModel(lab.Say("9090.")), lab.Hang())
		provider.Send(harness.System, question, nil, time.Time{})
	}()

	// Your Send: every try gets Timeout.
	clock := lab.NewFakeClock(start)
	provider := lab.NewFlakyModel("main", clock, lab.NewScriptedModel(lab.Say("The port is 9090.")), lab.Hang())
	rec := lab.NewRecorder("Send: every try, each with its deadline")
	reply, err := harness.Send(rec.Provider(provider), clock, rand.New(rand.NewPCG(3, 4)), harness.System, question, nil)
	fmt.Println("with Send:", lab.Show([]lab.Message{reply}), "| error:", err)
	for i, d := range provider.Deadlines() {
		fmt.Printf("  try %d could wait until %s\n", i+1, d.Format("15:04:05.000"))
	}
	fmt.Println("  waits asked of the clock:", clock.Sleeps(), "| time on the clock:", clock.Now().Sub(start))
	if err := lab.WriteTranscript(rec); err != nil {
		log.Fatal(err)
	}
}
