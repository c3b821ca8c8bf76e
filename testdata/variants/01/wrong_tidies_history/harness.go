// Package harness is the code around the model: it holds the conversation and
// talks to the model on the caller's behalf. You write it, lesson by lesson.
package harness

import (
	"strings"

	"harnesslab/lab"
)

// System is the standing instruction every request carries.
const System = "You are a helpful assistant."

// UserMessage returns the message that says text on the user's behalf.
func UserMessage(text string) lab.Message {
	// --- your code ---
	return lab.Message{Role: lab.RoleUser, Content: text}
	// --- end ---
}

// TextOf returns the words of an assistant message: the text of its text
// blocks, in order, run together.
func TextOf(message lab.Message) string {
	var words strings.Builder
	// --- your code ---
	for _, block := range message.Blocks {
		if block.Type == lab.TextBlock {
			words.WriteString(block.Text)
		}
	}
	// --- end ---
	return words.String()
}

// Chat says text to the model and returns the grown list and the model's
// answer. messages is the caller's list: it is the only memory this
// conversation has, so keep what Chat returns, as you would with append.
func Chat(model lab.Model, messages []lab.Message, text string) ([]lab.Message, string) {
	// --- your code ---
	for i := range messages { // tidy the history before sending it
		if messages[i].Role == lab.RoleUser {
			messages[i].Content = strings.TrimSpace(messages[i].Content)
		}
	}
	messages = append(messages, UserMessage(text))
	reply := model.Complete(System, messages, nil)
	messages = append(messages, reply)
	return messages, TextOf(reply)
	// --- end ---
}
