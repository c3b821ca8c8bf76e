// The opening question: a chat that sends only the newest two messages.
package main

import (
	"fmt"
	"log"

	"harnesslab/lab"
	harness "harnesslab/lessons/02-model-can-only-talk"
)

// thriftyChat is lesson 01's Chat with one change: to save tokens, each
// request carries only the newest two messages of the list.
func thriftyChat(model lab.Model, messages []lab.Message, text string) ([]lab.Message, string) {
	messages = append(messages, harness.UserMessage(text))
	newest := messages[max(0, len(messages)-2):] // only the newest two
	reply := model.Complete(harness.System, newest, nil)
	messages = append(messages, reply)
	return messages, harness.TextOf(reply)
}

func main() {
	model := lab.NewScriptedModel(lab.Forgetful())
	rec := lab.NewRecorder("four turns of a chat that sends the newest two messages")
	var messages []lab.Message
	var answer string
	for _, turn := range []string{
		"My name is Ada.",
		"I look after the billing server.",
		"It listens on port 9090.",
		"What is my name?",
	} {
		messages, answer = thriftyChat(rec.Model(model), messages, turn)
	}

	fmt.Println(answer)
	calls := model.Calls()
	var sent []lab.Role
	for _, m := range calls[len(calls)-1].Messages {
		sent = append(sent, m.Role)
	}
	fmt.Println("you hold", len(messages), "messages; the last request carried", sent)

	if err := lab.WriteTranscript(rec); err != nil {
		log.Fatal(err)
	}
}
