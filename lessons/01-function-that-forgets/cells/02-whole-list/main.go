// The same four turns through Chat, which sends the whole list every time.
package main

import (
	"fmt"
	"log"

	"harnesslab/lab"
	harness "harnesslab/lessons/01-function-that-forgets"
)

func main() {
	model := lab.NewScriptedModel(lab.Forgetful())
	rec := lab.NewRecorder("four turns of Chat, the whole list every time")
	var messages []lab.Message // the conversation: nothing else remembers it
	for _, turn := range []string{
		"My name is Ada.",
		"I look after the billing server.",
		"It listens on port 9090.",
		"What is my name?",
	} {
		var answer string
		messages, answer = harness.Chat(rec.Model(model), messages, turn)
		fmt.Printf("%-34q -> %q\n", turn, answer)
	}

	fmt.Println()
	for i, request := range model.Calls() {
		fmt.Printf("request %d carried %d message%s\n", i+1, len(request.Messages), plural(len(request.Messages)))
	}
	if err := lab.WriteTranscript(rec); err != nil {
		log.Fatal(err)
	}
}

func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}
