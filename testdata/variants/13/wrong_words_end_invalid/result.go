package harness

// RunTask says text to the model and runs the loop (the model chooses its
// tools freely), then asks for the result with submit_result forced. A result
// that breaks the schema gets an error result with the validator's words and
// one more forced request; a second broken result ends the run Invalid. A
// valid result that claims the tests passed is checked with CheckClaim.
// Every call of a result reply gets a result: submit_result's comes from
// RunTool (Received, or the validator's words), and any other call is
// answered with an error and never runs.
func RunTask(model lab.Model, messages []lab.Message, text string, tools []lab.Tool) ([]lab.Message, Final) {
	// --- your code ---
	messages, _ = Chat(model, messages, text, tools)
	messages = append(messages, UserMessage(SubmitAsk))
	specs := append(ToolSpecs(tools), ToolSpecs([]lab.Tool{SubmitTool()})...)
	var problem error
	for try := 1; try <= 2; try++ {
		reply := AskForResult(model, messages, specs)
		messages = append(messages, reply)
		var submit *lab.Block
		for _, call := range ToolCalls(reply) {
			if call.Name == SubmitName && submit == nil {
				submit = &call
				messages = append(messages, RunTool([]lab.Tool{SubmitTool()}, call))
				continue
			}
			messages = append(messages, lab.Message{Role: lab.RoleToolResult, ToolCallID: call.ID,
				ToolName: call.Name, Content: "Error: " + OnlySubmit, IsError: true})
		}
		if submit == nil {
			return messages, Final{Ending: Invalid, Problem: ErrNoSubmit.Error()}
		}
		final, err := ReadResult(*submit)
		if err != nil {
			problem = err
			continue
		}
		final.Ending = Submitted
		if final.TestsPassed {
			if err := CheckClaim(messages); err != nil {
				final.Ending, final.Problem = Unproven, err.Error()
			}
		}
		return messages, final
	}
	return messages, Final{Ending: Invalid, Problem: problem.Error()}
	// --- end ---
}
