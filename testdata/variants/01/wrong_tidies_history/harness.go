package harness

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
