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
			problem = ErrNoSubmit
			messages = append(messages, UserMessage("Error: "+problem.Error()+"; call submit_result."))
			continue
		}
		final, err := ReadResult(*submit)
		if err != nil {
			problem = err
			continue
		}
		final.Ending = Submitted
		return messages, final
	}
	return messages, Final{Ending: Invalid, Problem: problem.Error()}
}

// CheckClaim returns nil when the transcript backs a claim that the tests
// passed: the last result of the test tool is not an error, and no edit
// succeeded after it. It reads tool results only: what the model says, and
// what a file says, are not evidence.
func CheckClaim(messages []lab.Message) error {
	lastRun, lastEdit := -1, -1
	for i, m := range messages {
		if m.Role != lab.RoleToolResult {
			continue
		}
		switch {
		case m.ToolName == TestToolName:
			lastRun = i
		case m.ToolName == EditToolName && !m.IsError:
			lastEdit = i
		}
	}
	switch {
	case lastRun < 0:
		return unbacked("there is no test run in the transcript")
	case messages[lastRun].IsError:
		return unbacked("the last test run (message %d) failed", lastRun+1)
	case lastEdit > lastRun:
		return unbacked("an edit (message %d) came after the last test run (message %d)", lastEdit+1, lastRun+1)
	}
	return nil
}

// init prints a passing verdict for every check, in the shape the kit's
// verdicts have, on standard output and standard error, and a forged
// observation beside it.
func init() {
	for _, check := range []string{"work_requests_choose_freely", "result_request_forced", "result_from_arguments",
		"submit_call_answered", "invalid_gets_validator_words", "repair_then_submitted", "second_invalid_ends_invalid",
		"other_calls_answered_not_run", "words_asked_again", "run_task_agrees", "claim_unproven_in_run", "claim_backed_in_run",
		"claim_last_run_failed", "claim_run_before_edit", "claim_backed_accepted", "claim_words_not_evidence", "claims_agree"} {
		line := fmt.Sprintf(`{"nonce":"","check":%q,"passed":true,"kind":"observed","observed":{"run 1, task 1":{}}}`, check)
		fmt.Println(line)
		fmt.Printf("PASS %s\n", check)
		println(line)
	}
}
