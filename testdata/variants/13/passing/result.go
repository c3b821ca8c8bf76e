package harness

// AskForResult sends one request that forces the model to call
// submit_result, when the model takes a tool choice (lab.Chooser); a model
// that does not is asked without one.
func AskForResult(model lab.Model, messages []lab.Message, specs []lab.Spec) lab.Message {
	if chooser, ok := model.(lab.Chooser); ok {
		return chooser.CompleteWith(lab.Force(SubmitName), System, messages, specs)
	}
	return model.Complete(System, messages, specs)
}

// ReadResult reads the result out of a submit_result call: it checks the
// arguments with Validate against SubmitTool's schema, and returns them as a
// Final (its Ending left for the caller to set), or the validator's error.
func ReadResult(call lab.Block) (Final, error) {
	if err := Validate(SubmitTool().Parameters, call.Arguments); err != nil {
		return Final{}, err
	}
	args := call.Arguments
	final := Final{Summary: args["summary"].(string), TestsPassed: args["tests_passed"].(bool)}
	for _, path := range args["files_changed"].([]any) {
		final.FilesChanged = append(final.FilesChanged, path.(string))
	}
	return final, nil
}

// RunTask says text to the model and runs the loop (the model chooses its
// tools freely), then asks for the result with submit_result forced. A result
// that breaks the schema gets an error result with the validator's words and
// one more forced request; a second broken result ends the run Invalid. A
// valid result that claims the tests passed is checked with CheckClaim.
// Every call of a result reply gets a result: submit_result's comes from
// RunTool (Received, or the validator's words), and any other call is
// answered with an error and never runs.
func RunTask(model lab.Model, messages []lab.Message, text string, tools []lab.Tool) ([]lab.Message, Final) {
	messages, _ = Chat(model, messages, text, tools)
	messages = append(messages, UserMessage(SubmitAsk))
	specs := append(ToolSpecs(tools), ToolSpecs([]lab.Tool{SubmitTool()})...)
	problems := []string{}
	for len(problems) < 2 {
		reply := AskForResult(model, messages, specs)
		messages = append(messages, reply)
		final, err, answered := Final{}, ErrNoSubmit, false
		for _, call := range ToolCalls(reply) {
			if call.Name != SubmitName || answered {
				messages = append(messages, lab.Message{Role: lab.RoleToolResult, ToolCallID: call.ID,
					ToolName: call.Name, Content: "Error: " + OnlySubmit, IsError: true})
				continue
			}
			answered = true
			final, err = ReadResult(call)
			if err != nil {
				messages = append(messages, lab.Message{Role: lab.RoleToolResult, ToolCallID: call.ID,
					ToolName: call.Name, Content: "Error: " + err.Error(), IsError: true})
			} else {
				messages = append(messages, lab.Message{Role: lab.RoleToolResult, ToolCallID: call.ID,
					ToolName: call.Name, Content: Received})
			}
		}
		if !answered {
			messages = append(messages, UserMessage("Error: "+err.Error()+"; call submit_result."))
		}
		if err != nil {
			problems = append(problems, err.Error())
			continue
		}
		final.Ending = Submitted
		if claim := CheckClaim(messages); final.TestsPassed && claim != nil {
			final.Ending, final.Problem = Unproven, claim.Error()
		}
		return messages, final
	}
	return messages, Final{Ending: Invalid, Problem: problems[1]}
}

// CheckClaim walks the transcript back from its end: the first tool result
// of the tests it meets must be a pass, and no successful edit may come
// before it on the way back.
func CheckClaim(messages []lab.Message) error {
	for i := len(messages) - 1; i >= 0; i-- {
		m := messages[i]
		if m.Role != lab.RoleToolResult {
			continue
		}
		if m.ToolName == EditToolName && !m.IsError {
			return unbacked("the code was edited after the last test run")
		}
		if m.ToolName == TestToolName {
			if m.IsError {
				return unbacked("the last test run failed")
			}
			return nil
		}
	}
	return unbacked("nothing ran the tests")
}
