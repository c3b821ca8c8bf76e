package harness

// GuardedChat is Chat with its guardrails: the question is checked before
// anything is sent, every tool result is redacted, and the answer is checked
// before the caller gets it. It fails closed: a question that fails its check
// is Refused without a model call, and an answer with a figure no result
// backs, or with personal data in it, is Withheld (the reply stays in the
// list, as the record of what happened; the caller gets no text). Every
// trigger goes to log.
func GuardedChat(model lab.Model, messages []lab.Message, text string, tools []lab.Tool, log *Log) ([]lab.Message, Result) {
	// --- your code ---
	if err := CheckInput(text); err != nil {
		log.Add(InputGuard, "question", err.Error())
		return messages, Result{Status: Refused}
	}
	messages, result := Chat(model, messages, text, tools)
	if result.Status != Answered {
		return messages, result
	}
	problems := 0
	for _, fig := range UncitedFigures(result.Text, messages) {
		log.Add(OutputGuard, "answer", "uncited figure "+fig)
		problems++
	}
	_, found := Redact(result.Text)
	for _, kind := range found {
		log.Add(OutputGuard, "answer", kind)
		problems++
	}
	if problems > 0 {
		return messages, Result{Status: Withheld, Steps: result.Steps}
	}
	return messages, result
	// --- end ---
}
