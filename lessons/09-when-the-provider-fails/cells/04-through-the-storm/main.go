// One request through your Send, against a provider having a bad minute:
// an overload, a server error, then a rate limit that says how long to wait.
// Once lab 1 passes, this runs against your code.
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
	clock := lab.NewFakeClock(start)
	provider := lab.NewFlakyModel("main", clock, lab.NewScriptedModel(lab.Say("The port is 9090.")),
		lab.Fail(lab.Overloaded(lab.Anthropic)),
		lab.Fail(lab.ServerError(lab.Anthropic)),
		lab.Fail(lab.RateLimited(lab.Anthropic, 5*time.Second)),
	)
	rng := rand.New(rand.NewPCG(1, 2))
	rec := lab.NewRecorder("Send: every try")
	reply, err := harness.Send(rec.Provider(provider), clock, rng, harness.System,
		[]lab.Message{harness.UserMessage("Which port does the server use?")}, nil)

	fmt.Println("reply:", lab.Show([]lab.Message{reply}), "| error:", err)
	fmt.Println("tries sent:", len(provider.Deadlines()))
	fmt.Println("waits asked of the clock:", clock.Sleeps())
	fmt.Println("time on the clock:", clock.Now().Sub(start))
	if err := lab.WriteTranscript(rec); err != nil {
		log.Fatal(err)
	}
}
