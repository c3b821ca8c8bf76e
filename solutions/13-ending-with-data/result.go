package harness

import (
	"errors"
	"fmt"

	"harnesslab/lab"
)

// This file ends a run with data. When the work is done, the harness asks
// for the result through one tool, submit_result, and forces that choice, so
// the run ends with arguments your code can read instead of prose. The
// arguments are checked with Validate; a result that breaks the schema gets
// the validator's words back and one more chance. And a claim that the tests
// passed is checked against the transcript before anyone believes it.

// The names and words of the ending.
const (
	SubmitName   = "submit_result"                                            // the tool that ends a run with data
	SubmitAsk    = "The work is done. Submit your result with submit_result." // the user message that asks for the result
	Received     = "Result received."                                         // the content of the result that answers a valid submit_result call
	OnlySubmit   = "only submit_result may be called now; this call did not run"
	TestToolName = "run_tests" // the tool whose results are evidence about the tests
	EditToolName = "edit"      // the tool that changes files
)

// ErrNoSubmit is the problem of a result reply that holds no submit_result
// call: there is no call to answer, so the harness says it in a user message.
var ErrNoSubmit = errors.New("the reply has no submit_result call")

// unbacked returns the problem of a tests_passed claim the transcript does
// not back, saying what is missing.
func unbacked(format string, args ...any) error {
	return fmt.Errorf("tests_passed is claimed, but "+format, args...)
}

// Ending says how a run that was asked for its result ended.
type Ending string

// The three endings. Only Submitted is a success.
const (
	Submitted Ending = "submitted" // a valid result, and any claim it makes is backed by the transcript
	Unproven  Ending = "unproven"  // a valid result that claims the tests passed with no evidence for it
	Invalid   Ending = "invalid"   // two results in a row broke the schema
)

// Final is the result a run ends with: the submit_result call's arguments,
// read into Go values, and how the run ended.
type Final struct {
	Ending       Ending
	Summary      string   // what was done, in a sentence
	FilesChanged []string // the files the run says it changed
	TestsPassed  bool     // the claim that the tests passed: checked, never trusted
	Problem      string   // why the ending is not Submitted: the validator's words, or what the claim lacks
}

// SubmitTool returns the submit_result tool. Its Execute only acknowledges
// the call: the harness reads the arguments, after Validate has passed them.
func SubmitTool() lab.Tool {
	return lab.Tool{
		Name:        SubmitName,
		Description: "Submit the result of your work. Call this exactly once, when you are done.",
		Parameters: lab.Schema{
			"type": "object",
			"properties": lab.Schema{
				"summary": lab.Schema{"type": "string", "description": "What you did, in one sentence."},
				"files_changed": lab.Schema{"type": "array", "items": lab.Schema{"type": "string"},
					"description": "Paths of the files you changed."},
				"tests_passed": lab.Schema{"type": "boolean", "description": "Whether the last test run passed."},
			},
			"required":             []string{"summary", "files_changed", "tests_passed"},
			"additionalProperties": false,
		},
		Execute: func(lab.Args) (string, error) { return Received, nil },
	}
}

// AskForResult sends one request that forces the model to call
// submit_result, when the model takes a tool choice (lab.Chooser); a model
// that does not is asked without one.
func AskForResult(model lab.Model, messages []lab.Message, specs []lab.Spec) lab.Message {
	// --- your code ---
	if chooser, ok := model.(lab.Chooser); ok {
		return chooser.CompleteWith(lab.Force(SubmitName), System, messages, specs)
	}
	return model.Complete(System, messages, specs)
	// --- starter ---
	panic("AskForResult: not written yet")
	// --- end ---
}

// ReadResult reads the result out of a submit_result call: it checks the
// arguments with Validate against SubmitTool's schema, and returns them as a
// Final (its Ending left for the caller to set), or the validator's error.
func ReadResult(call lab.Block) (Final, error) {
	// --- your code ---
	if err := Validate(SubmitTool().Parameters, call.Arguments); err != nil {
		return Final{}, err
	}
	args := call.Arguments
	final := Final{Summary: args["summary"].(string), TestsPassed: args["tests_passed"].(bool)}
	for _, path := range args["files_changed"].([]any) {
		final.FilesChanged = append(final.FilesChanged, path.(string))
	}
	return final, nil
	// --- starter ---
	panic("ReadResult: not written yet")
	// --- end ---
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
		if final.TestsPassed {
			if err := CheckClaim(messages); err != nil {
				final.Ending, final.Problem = Unproven, err.Error()
			}
		}
		return messages, final
	}
	return messages, Final{Ending: Invalid, Problem: problem.Error()}
	// --- starter ---
	panic("RunTask: not written yet")
	// --- end ---
}

// CheckClaim returns nil when the transcript backs a claim that the tests
// passed: the last result of the test tool is not an error, and no edit
// succeeded after it. It reads tool results only: what the model says, and
// what a file says, are not evidence.
func CheckClaim(messages []lab.Message) error {
	// --- your code ---
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
	// --- starter ---
	panic("CheckClaim: not written yet")
	// --- end ---
}
