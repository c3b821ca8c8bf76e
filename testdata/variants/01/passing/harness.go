package harness

import "harnesslab/lab"

// UserMessage returns the message that says text on the user's behalf.
func UserMessage(text string) lab.Message {
	var m lab.Message
	m.Role = lab.RoleUser
	m.Content = text
	return m
}

// TextOf returns the words of an assistant message: the text of its text
// blocks, in order, run together.
func TextOf(message lab.Message) string {
	text := ""
	for _, block := range message.Blocks {
		switch block.Type {
		case lab.TextBlock:
			text += block.Text
		case lab.ToolCallBlock:
			// a request for a tool, not words
		}
	}
	return text
}

// Chat says text to the model and returns the grown list and the model's
// answer. messages is the caller's list: it is the only memory this
// conversation has, so keep what Chat returns, as you would with append.
func Chat(model lab.Model, messages []lab.Message, text string) ([]lab.Message, string) {
	grown := append(messages[:len(messages):len(messages)], UserMessage(text))
	reply := model.Complete(System, grown, nil)
	return append(grown, reply), TextOf(reply)
}
