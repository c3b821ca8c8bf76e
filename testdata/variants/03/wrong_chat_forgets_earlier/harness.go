package harness

// Chat says text to the model, runs the loop with a budget of MaxSteps, and
// returns the grown list and how the run ended.
func Chat(model lab.Model, messages []lab.Message, text string, tools []lab.Tool) ([]lab.Message, Result) {
	// --- your code ---
	run, result := RunLoop(model, []lab.Message{UserMessage(text)}, tools, MaxSteps)
	return append(messages, run...), result
	// --- end ---
}
