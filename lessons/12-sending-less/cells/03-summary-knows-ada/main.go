// Compaction: the older turns go to the model for a summary, the newest turn
// stays as it was. The summarizer here is a stand-in that keeps every user
// sentence; a real model is asked with harness.SummaryPrompt to do the same.
package main

import (
	"fmt"
	"log"
	"strings"

	"harnesslab/lab"
	harness "harnesslab/lessons/12-sending-less"
)

// keepUserWords summarizes a request by keeping what the user said.
func keepUserWords(r lab.Request) lab.Message {
	var said []string
	for _, m := range r.Messages[:len(r.Messages)-1] { // the last one is SummaryAsk
		if m.Role == lab.RoleUser {
			said = append(said, m.Content)
		}
	}
	return lab.Say("The user said: " + strings.Join(said, " "))
}

func main() {
	var messages []lab.Message
	rec, summary := lab.NewRecorder("the conversation"), lab.NewRecorder("Compact asks for a summary")
	chat := rec.Model(lab.NewScriptedModel(lab.Forgetful()))
	for _, text := range []string{"My name is Ada.", "I look after the billing server.",
		"It listens on port 9090.", "Its logs rotate every night.", "The backups run at 02:00."} {
		messages = append(messages, harness.UserMessage(text))
		messages = append(messages, chat.Complete(harness.System, messages, nil))
	}
	fmt.Printf("before: %d messages, %d tokens\n", len(messages), harness.RequestTokens(harness.System, messages, nil))

	summarizer := summary.Model(lab.NewScriptedModel(lab.Respond(keepUserWords)))
	messages = harness.Compact(summarizer, messages, 1)
	fmt.Printf("after:  %d messages, %d tokens\n\n", len(messages), harness.RequestTokens(harness.System, messages, nil))
	fmt.Println(lab.Show(messages))

	messages = append(messages, harness.UserMessage("What is my name?"))
	fmt.Println("\nWhat is my name? ->", harness.TextOf(chat.Complete(harness.System, messages, nil)))
	if err := lab.WriteTranscript(rec, summary); err != nil {
		log.Fatal(err)
	}
}
