// Who said what is part of the memory. A careless chat files the model's
// reply as a user message; the model then reads its own words as yours.
package main

import (
	"fmt"
	"log"

	"harnesslab/lab"
	harness "harnesslab/lessons/01-function-that-forgets"
)

// carelessChat keeps the reply's words, but as if the user had said them.
func carelessChat(model lab.Model, messages []lab.Message, text string) ([]lab.Message, string) {
	messages = append(messages, harness.UserMessage(text))
	reply := model.Complete(harness.System, messages, nil)
	answer := harness.TextOf(reply)
	messages = append(messages, harness.UserMessage(answer)) // the mistake
	return messages, answer
}

type chatFunc func(lab.Model, []lab.Message, string) ([]lab.Message, string)

func main() {
	var recs []*lab.Recorder
	for _, c := range []struct {
		name string
		chat chatFunc
	}{{"carelessChat", carelessChat}, {"harness.Chat", harness.Chat}} {
		if c.name != "carelessChat" {
			fmt.Println()
		}
		model := lab.NewScriptedModel(
			lab.Say("Nice to meet you, Ada. My name is Sam, and I answer questions here."),
			lab.Forgetful(),
		)
		rec := lab.NewRecorder("two turns of " + c.name)
		recs = append(recs, rec)
		var messages []lab.Message
		var answer string
		for _, turn := range []string{"My name is Ada.", "What is my name?"} {
			messages, answer = c.chat(rec.Model(model), messages, turn)
		}
		fmt.Printf("%s answers: %s\n%s\n", c.name, answer, lab.Show(messages[:3]))
	}
	if err := lab.WriteTranscript(recs...); err != nil {
		log.Fatal(err)
	}
}
