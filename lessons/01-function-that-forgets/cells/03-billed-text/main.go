// What a request really is: one text, billed by its length. The same four
// turns, with the size of each request as the conversation grows.
package main

import (
	"fmt"
	"log"

	"harnesslab/lab"
	harness "harnesslab/lessons/01-function-that-forgets"
)

func main() {
	model := lab.NewScriptedModel(lab.Forgetful())
	rec := lab.NewRecorder("four turns of Chat")
	var messages []lab.Message
	for _, turn := range []string{
		"My name is Ada.",
		"I look after the billing server.",
		"It listens on port 9090.",
		"What is my name?",
	} {
		messages, _ = harness.Chat(rec.Model(model), messages, turn)
	}

	requests := model.Calls()
	for i, request := range requests {
		text := lab.RenderRequest(request.System, request.Messages, request.Tools)
		fmt.Printf("request %d: %d message%s, %3d characters, %3d tokens\n",
			i+1, len(request.Messages), plural(len(request.Messages)), len(text), lab.CountTokens(text))
	}
	fmt.Println("the bill for four turns:", model.Bill(), "input tokens")

	fmt.Println()
	fmt.Println("--- the text of request 4, exactly as billed ---")
	last := requests[len(requests)-1]
	fmt.Print(lab.RenderRequest(last.System, last.Messages, last.Tools))
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
