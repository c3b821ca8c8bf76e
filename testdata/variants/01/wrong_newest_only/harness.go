package harness

// UserMessage returns the message that says text on the user's behalf.
func UserMessage(text string) lab.Message {
	return lab.Message{Role: lab.RoleUser, Content: text}
}

// TextOf returns the words of an assistant message: the text of its text
// blocks, in order, run together.
func TextOf(message lab.Message) string {
	var words strings.Builder
	for _, block := range message.Blocks {
		if block.Type == lab.TextBlock {
			words.WriteString(block.Text)
		}
	}
	return words.String()
}

// Chat says text to the model and returns the grown list and the model's
// answer. messages is the caller's list: it is the only memory this
// conversation has, so keep what Chat returns, as you would with append.
func Chat(model lab.Model, messages []lab.Message, text string) ([]lab.Message, string) {
	messages = append(messages, UserMessage(text))
	newest := messages[len(messages)-1:] // the model already has the rest
	reply := model.Complete(System, newest, nil)
	messages = append(messages, reply)
	return messages, TextOf(reply)
}
