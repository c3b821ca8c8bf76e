// A chat with a budget: before each request it trims the conversation to the
// newest whole turns that fit in 100 tokens. Six turns in, it asks the name it
// was told at turn 1.
package main

import (
	"fmt"
	"log"

	"harnesslab/lab"
	harness "harnesslab/lessons/12-sending-less"
)

const budget = 100 // tokens a request may be billed

func main() {
	model := lab.NewScriptedModel(lab.Forgetful())
	rec := lab.NewRecorder("six turns, each trimmed to the budget")
	var messages []lab.Message
	for _, text := range []string{
		"My name is Ada.",
		"I look after the billing server.",
		"It listens on port 9090.",
		"Its logs rotate every night.",
		"The backups run at 02:00.",
		"What is my name?",
	} {
		messages = append(messages, harness.UserMessage(text))
		sent := harness.Trim(harness.System, messages, nil, budget)
		reply := rec.Model(model).Complete(harness.System, sent, nil)
		messages = append(messages, reply)
		fmt.Printf("%-34q sent %2d of %2d messages, %3d tokens -> %s\n", text, len(sent), len(messages)-1,
			harness.RequestTokens(harness.System, sent, nil), harness.TextOf(reply))
	}
	if err := lab.WriteTranscript(rec); err != nil {
		log.Fatal(err)
	}
}
