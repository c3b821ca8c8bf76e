// Command 12 plays lesson 12's scenario against a real model: a long
// conversation that gives the user's name at the start, compacted by
// Compact with the model writing the summary, then "What is my name?". The
// notes show what compaction saved and the summary the model wrote.
package main

import (
	"fmt"
	"strings"

	"harnesslab/grader/runs/runkit"
	"harnesslab/lab"
	harness "harnesslab/lessons/12-sending-less"
)

// sentences are what the user says before compaction, the name first.
var sentences = []string{
	"My name is Ada.",
	"I look after the billing server.",
	"It listens on port 9090.",
	"Its logs rotate every night.",
	"The backups run at 02:00.",
}

// tokens is the lab's own count of a request of messages, with no tools.
func tokens(messages []lab.Message) int {
	return lab.CountTokens(lab.RenderRequest(harness.System, messages, nil))
}

func main() {
	var notes strings.Builder
	runkit.Main(runkit.Scenario{
		Lesson: "12",
		Run: func(model lab.Model, _ *lab.Workspace, _ func(...lab.Tool) []lab.Tool) []lab.Message {
			var messages []lab.Message
			for _, text := range sentences {
				messages, _ = harness.Chat(model, messages, text, nil)
			}
			fmt.Fprintf(&notes, "before compaction: %d messages, %d tokens\n", len(messages), tokens(messages))
			messages = harness.Compact(model, messages, 1)
			fmt.Fprintf(&notes, "after compaction:  %d messages, %d tokens\n", len(messages), tokens(messages))
			if len(messages) > 0 && strings.HasPrefix(messages[0].Content, harness.SummaryPrefix) {
				fmt.Fprintf(&notes, "the summary: %q\n", strings.TrimPrefix(messages[0].Content, harness.SummaryPrefix))
			}
			messages, _ = harness.Chat(model, messages, "What is my name?", nil)
			return messages
		},
		Notes: notes.String,
	})
}
