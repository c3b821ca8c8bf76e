// The conversation has grown past what the first model takes. Retrying
// cannot help; a second model with a bigger window can. Once lab 1 passes,
// this runs against your code.
package main

import (
	"fmt"
	"log"
	"math/rand/v2"
	"strings"
	"time"

	"harnesslab/lab"
	harness "harnesslab/lessons/09-when-the-provider-fails"
)

func main() {
	clock := lab.NewFakeClock(time.Date(2026, 3, 14, 9, 0, 0, 0, time.UTC))
	ws := lab.NewWorkspace(map[string]string{"config.py": "PORT = 9090\n"})
	// one script behind both models: the conversation goes on, whichever answers
	script := lab.NewScriptedModel(
		lab.Reply(lab.Call("read", lab.Args{"path": "config.py"})),
		lab.Respond(func(r lab.Request) lab.Message {
			res, _ := r.ResultFor("c1")
			return lab.Say("config.py says " + strings.TrimSpace(res.Content) + ".")
		}))
	tooLong := lab.Fail(lab.TooLong(lab.Anthropic, 210000, 200000))
	small := lab.NewFlakyModel("small", clock, script, tooLong, tooLong) // too long, every time
	large := lab.NewFlakyModel("large", clock, script)
	rec, toSmall, toLarge := lab.NewRecorder("Chat through Fallback"), lab.NewRecorder("the tries sent to small"), lab.NewRecorder("the tries sent to large")
	model := harness.Fallback(clock, rand.New(rand.NewPCG(5, 6)), toSmall.Provider(small), toLarge.Provider(large))

	rec.Watch(ws)
	messages, result := harness.Chat(rec.Model(model), nil, "Which port does the server use?", rec.Tools(harness.MakeReadTool(ws)))
	fmt.Println(lab.Show(messages))
	fmt.Printf("\n%s after %d steps\n", result.Status, result.Steps)
	fmt.Println("tries sent to small:", len(small.Deadlines()), "| to large:", len(large.Deadlines()),
		"| waits:", clock.Sleeps())
	if err := lab.WriteTranscript(rec, toSmall, toLarge); err != nil {
		log.Fatal(err)
	}
}
