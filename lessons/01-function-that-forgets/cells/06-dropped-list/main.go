// Chat returns the grown list, as append does. A caller who drops it keeps
// an empty conversation, and every request starts from nothing.
package main

import (
	"fmt"
	"log"

	"harnesslab/lab"
	harness "harnesslab/lessons/01-function-that-forgets"
)

func main() {
	model := lab.NewScriptedModel(lab.Forgetful())
	rec := lab.NewRecorder("four turns of Chat, the grown list dropped")
	var messages []lab.Message
	var answer string
	for _, turn := range []string{
		"My name is Ada.",
		"I look after the billing server.",
		"It listens on port 9090.",
		"What is my name?",
	} {
		_, answer = harness.Chat(rec.Model(model), messages, turn) // the grown list is dropped
	}
	fmt.Println(answer)
	fmt.Println("you hold", len(messages), "messages")
	for i, request := range model.Calls() {
		fmt.Printf("request %d carried %s\n", i+1, lab.Show(request.Messages))
	}
	if err := lab.WriteTranscript(rec); err != nil {
		log.Fatal(err)
	}
}
