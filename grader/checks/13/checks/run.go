package checks

import (
	"errors"

	"harnesslab/grader/checkkit"
	"harnesslab/lab"
)

// The kit's picture of a run that ends with data: the work replies, the
// result replies, and everything a correct harness sends and returns for
// them. Checks build what they expect from here, after the student's code
// has returned.

// attempt is one reply to a request for the result: the words before the
// call, other calls the model slipped in, the submit_result arguments, and
// the validator's words for them ("" when they keep to the schema). An
// attempt in words only (words set) holds no call at all: the model answered
// the forced request with its prose.
type attempt struct {
	prose   string
	others  []lab.Block
	id      string
	args    lab.Args
	problem string
	words   bool
}

// task is one scenario of lab 1: a question, the files, what the test tool
// says, the date the kit's today tool gives when the task has that tool too
// ("" when it has only read and run_tests), the replies of the work (the
// last one in words), the result attempts, and the Final a correct harness
// ends with.
type task struct {
	question  string
	files     map[string]string
	tests     string
	testsFail bool
	today     string
	work      []lab.Message
	attempts  []attempt
	want      Final
}

// submitSpec is what a request says about submit_result: the kit's copy.
func submitSpec() lab.Spec {
	return lab.Spec{
		Name:        submitName,
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
	}
}

// testsTool returns the kit's run_tests tool: it takes no arguments and
// reports output, as an error when the run fails.
func testsTool(output string, fail bool) lab.Tool {
	return lab.Tool{
		Name:        testTool,
		Description: "Run the test suite and report the outcome.",
		Parameters:  lab.Schema{"type": "object", "properties": lab.Schema{}, "additionalProperties": false},
		Execute: func(lab.Args) (string, error) {
			if fail {
				return "", errors.New(output)
			}
			return output, nil
		},
	}
}

// setup returns the workspace and the tools of a task, fresh.
func (t task) setup() (*lab.Workspace, []lab.Tool) {
	ws := lab.NewWorkspace(t.files)
	tools := []lab.Tool{checkkit.ReadTool(ws), testsTool(t.tests, t.testsFail)}
	if t.today != "" {
		tools = append(tools, checkkit.TodayTool(t.today))
	}
	return ws, tools
}

// forced is the choice of a request for the result.
var forced = lab.Force(submitName)

// reply is the model's reply to result attempt a.
func (a attempt) reply() lab.Message {
	if a.words {
		return lab.Say(a.prose)
	}
	blocks := []lab.Block{lab.Text(a.prose)}
	blocks = append(blocks, a.others...)
	return lab.Reply(append(blocks, lab.Call(submitName, a.args).WithID(a.id))...)
}

// model returns the scripted model of a task. Each step obeys the choice the
// way a provider's model does: a request that forces submit_result gets the
// next result attempt, and any other request gets the next reply of the
// work, or, once the work is told, words saying it is done. The script holds
// one step more than a correct harness uses, so a third request for the
// result is counted rather than stopped.
func (t task) model() *lab.ScriptedModel {
	work, tries := 0, 0
	step := lab.Respond(func(r lab.Request) lab.Message {
		if r.Choice == forced && tries < len(t.attempts) {
			tries++
			return t.attempts[tries-1].reply()
		}
		if r.Choice == forced {
			return t.attempts[len(t.attempts)-1].reply()
		}
		if work < len(t.work) {
			work++
			return t.work[work-1]
		}
		return lab.Say("I am done; everything is in my last message.")
	})
	steps := make([]lab.Step, len(t.work)+len(t.attempts)+1)
	for i := range steps {
		steps[i] = step
	}
	return lab.NewScriptedModel(steps...)
}

// expected returns what a correct harness sends and returns for the task:
// every request, the whole list it returns, and how many tools run.
func (t task) expected() (requests []lab.Request, messages []lab.Message, runs []checkkit.ToolRun) {
	_, tools := t.setup()
	specs := checkkit.SpecsOf(tools)
	messages = []lab.Message{lab.User(t.question)}
	for _, reply := range t.work {
		requests = append(requests, lab.Request{System: system, Messages: lab.CloneMessages(messages), Tools: specs})
		messages = append(messages, reply)
		for _, b := range reply.Blocks {
			if b.Type != lab.ToolCallBlock {
				continue
			}
			runs = append(runs, checkkit.ToolRun{Tool: b.Name, Args: lab.CloneArgs(b.Arguments)})
			messages = append(messages, kitResult(tools, b))
		}
	}
	messages = append(messages, lab.User(submitAsk))
	resultSpecs := append(checkkit.SpecsOf(tools), submitSpec())
	for k, a := range t.attempts {
		if k == 2 {
			break
		}
		requests = append(requests, lab.Request{System: system, Messages: lab.CloneMessages(messages), Tools: resultSpecs, Choice: forced})
		messages = append(messages, a.reply())
		if a.words {
			messages = append(messages, lab.User(noSubmit))
			continue
		}
		for _, b := range a.others {
			messages = append(messages, checkkit.ErrorResult(b.ID, b.Name, onlySubmit))
		}
		if a.problem == "" {
			messages = append(messages, checkkit.Result(a.id, submitName, received))
			break
		}
		messages = append(messages, checkkit.ErrorResult(a.id, submitName, "Error: "+a.problem))
	}
	return requests, messages, runs
}

// kitResult is the result a correct harness gets for call from the kit's
// tools: the tool's text, or "Error: " and its error.
func kitResult(tools []lab.Tool, call lab.Block) lab.Message {
	for _, tool := range tools {
		if tool.Name == call.Name {
			text, err := tool.Execute(call.Arguments)
			if err != nil {
				return checkkit.ErrorResult(call.ID, call.Name, "Error: "+err.Error())
			}
			return checkkit.Result(call.ID, call.Name, text)
		}
	}
	return checkkit.ErrorResult(call.ID, call.Name, "Error: no tool called "+call.Name)
}
