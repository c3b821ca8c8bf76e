package harness

// MaxSteps is the step budget Chat gives the loop.
const MaxSteps = 8

// history is the conversation Chat holds between calls.
var history []lab.Message

// Chat says text to the model, runs the loop with a budget of MaxSteps, and
// returns the grown list and how the run ended.
func Chat(model lab.Model, messages []lab.Message, text string, tools []lab.Tool) ([]lab.Message, Result) {
	// --- your code ---
	if messages == nil {
		messages = history // nil means: carry on where we left off
	}
	messages = append(messages, UserMessage(text))
	var result Result
	history, result = RunLoop(model, messages, tools, MaxSteps)
	return history, result
	// --- end ---
}
