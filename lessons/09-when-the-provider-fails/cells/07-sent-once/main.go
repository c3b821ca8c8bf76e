// The opening story again, through your send_draft tool: the outbox sends
// the draft and the reply is lost. Once lab 2 passes, this runs against your
// code.
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
	clock := lab.NewFakeClock(time.Date(2026, 3, 14, 9, 0, 0, 0, time.UTC))
	outbox := lab.NewOutbox(clock, lab.LostReply())
	n := 0
	newKey := func() string { n++; return fmt.Sprintf("draft-key-%d", n) }
	send := harness.MakeSendTool(outbox, clock, rand.New(rand.NewPCG(7, 8)), newKey)

	model := lab.NewScriptedModel(
		lab.Reply(lab.Call("send_draft", lab.Args{"to": "ops", "text": "The nightly build failed."})),
		lab.Say("Done: the ops team has the draft."),
	)
	rec := lab.NewRecorder("Chat with the send tool, whose first reply is lost")
	messages, _ := harness.Chat(rec.Model(model), nil, "Tell ops the nightly build failed.", rec.Tools(send))
	fmt.Println(lab.Show(messages))
	fmt.Println()
	for _, r := range outbox.Requests() {
		fmt.Printf("the outbox got key %s\n", r.Key)
	}
	for _, d := range outbox.Drafts() {
		fmt.Printf("the ops team got %s: %q\n", d.ID, d.Text)
	}
	if err := lab.WriteTranscript(rec); err != nil {
		log.Fatal(err)
	}
}
