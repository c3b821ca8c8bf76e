package harness

// RunTool runs the one tool that call names and returns the toolResult that
// answers it. This is the happy path only: an unknown tool or a failing tool
// stops the program. Lesson 04 is about that.
func RunTool(tools []lab.Tool, call lab.Block) lab.Message {
	tool, _ := findTool(tools, call.Name)
	content, err := tool.Execute(call.Arguments)
	if err != nil {
		panic(err)
	}
	return lab.Message{
		Role:       lab.RoleToolResult,
		ToolCallID: call.ID,
		ToolName:   call.Name,
		Content:    content,
		IsError:    false,
	}
}

// Status says how a run of the loop ended.
type Status string

// The two ways a run ends. Giving up is an outcome of its own: it is never
// reported as an answer.
const (
	Answered Status = "answered" // the model stopped asking for tools and answered
	GaveUp   Status = "gave up"  // the step budget ran out while the model still wanted tools
)

// Result is how a run of the loop ended.
type Result struct {
	Status Status
	Text   string // the answer, when Status is Answered
	Steps  int    // how many times the model was called
}

// MaxSteps is the step budget Chat gives the loop.
const MaxSteps = 8

// RunLoop calls the model, runs the tools it asks for, and calls it again,
// until it answers without asking for tools or it has been called maxSteps
// times. The budget is owned by this code, not by the model.
func RunLoop(model lab.Model, messages []lab.Message, tools []lab.Tool, maxSteps int) ([]lab.Message, Result) {
	// --- your code ---
	specs := ToolSpecs(tools)
	for step := 1; step <= maxSteps; step++ {
		reply := model.Complete(System, messages, specs)
		messages = append(messages, reply)
		calls := ToolCalls(reply)
		if len(calls) == 0 {
			return messages, Result{Status: Answered, Text: TextOf(reply), Steps: step}
		}
		for _, call := range calls {
			messages = append(messages, RunTool(tools, call))
		}
	}
	return messages, Result{Status: GaveUp, Steps: maxSteps}
	// --- starter ---
	// A step is one model call. For each step, while fewer than maxSteps calls
	// have been made:
	// 1. call the model with System, messages and the tool specs (every request
	//    carries them); append the reply
	// 2. if ToolCalls finds no calls in the reply, it has answered: return the
	//    list and Result{Status: Answered, Text: its words, Steps: calls so far}
	//    (go by the calls in the content; StopReason is only a label)
	// 3. otherwise run each call, in order, append each result, and go round
	// When maxSteps calls are spent and the model still wants tools, return
	// Result{Status: GaveUp, Steps: maxSteps} and no text: giving up is not an
	// answer. Every call in the list must have its result, even then.
	panic("RunLoop: not written yet")
	// --- end ---
}

// Chat says text to the model, runs the loop with a budget of MaxSteps, and
// returns the grown list and how the run ended.
func Chat(model lab.Model, messages []lab.Message, text string, tools []lab.Tool) ([]lab.Message, Result) {
	// --- your code ---
	messages = append(messages, UserMessage(text))
	return RunLoop(model, messages, tools, MaxSteps)
	// --- starter ---
	// Append the question, then let RunLoop do the rest with a budget of MaxSteps.
	panic("Chat: not written yet")
	// --- end ---
}
