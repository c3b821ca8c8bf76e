// Package harness is the code around the model: it holds the conversation,
// offers the tools and does the work the model asks for. You write it, lesson
// by lesson.
package harness

import (
	"fmt"
	"strings"

	"harnesslab/lab"
)

// System is the standing instruction every request carries.
const System = "You are a helpful assistant."

// UserMessage returns the message that says text on the user's behalf.
func UserMessage(text string) lab.Message {
	return lab.Message{Role: lab.RoleUser, Content: text}
}

// TextOf returns the words of an assistant message: the text of its text
// blocks, in order, run together.
func TextOf(message lab.Message) string {
	var words strings.Builder
	for _, block := range message.Blocks {
		if block.Type == lab.TextBlock {
			words.WriteString(block.Text)
		}
	}
	return words.String()
}

// ToolCalls returns the toolCall blocks of a reply, in the order the model
// wrote them. It works them out from the content every time it is asked.
func ToolCalls(message lab.Message) []lab.Block {
	var calls []lab.Block
	for _, block := range message.Blocks {
		if block.Type == lab.ToolCallBlock {
			calls = append(calls, block)
		}
	}
	return calls
}

// ToolSpecs returns what a request says about each tool: its name,
// description and parameters. The Execute function stays in this process.
func ToolSpecs(tools []lab.Tool) []lab.Spec {
	specs := make([]lab.Spec, 0, len(tools))
	for _, tool := range tools {
		specs = append(specs, lab.Spec{Name: tool.Name, Description: tool.Description, Parameters: tool.Parameters})
	}
	return specs
}

// MakeReadTool returns the read tool, over the workspace ws.
func MakeReadTool(ws *lab.Workspace) lab.Tool {
	return lab.Tool{
		Name:        "read",
		Description: "Read a text file and return its contents.",
		Parameters: lab.Schema{
			"type": "object",
			"properties": lab.Schema{"path": lab.Schema{
				"type":        "string",
				"description": "Path of the file to read.",
			}},
			"required": []string{"path"},
		},
		Execute: func(arguments lab.Args) (string, error) {
			path, _ := arguments["path"].(string)
			if err := InWorkspace(path); err != nil {
				return "", err
			}
			return ws.ReadText(path)
		},
	}
}

// findTool returns the tool called name, and whether there is one.
func findTool(tools []lab.Tool, name string) (lab.Tool, bool) {
	for _, tool := range tools {
		if tool.Name == name {
			return tool, true
		}
	}
	return lab.Tool{}, false
}

// checkArguments returns nil when the arguments of call keep to the schema
// of tool, its Parameters, and otherwise the error Validate gives for them.
func checkArguments(tool lab.Tool, call lab.Block) error {
	return Validate(tool.Parameters, call.Arguments)
}

// RunTool runs the one tool that call names and returns the toolResult that
// answers it. Every call gets exactly one result, and a failure is a result
// too: an unknown tool, arguments that break the tool's schema, a tool that
// returns an error or panics all become a result with IsError set, which the
// model can act on. A call whose arguments break the schema never runs.
func RunTool(tools []lab.Tool, call lab.Block) (result lab.Message) {
	result = lab.Message{Role: lab.RoleToolResult, ToolCallID: call.ID, ToolName: call.Name}
	fail := func(text string) lab.Message {
		result.Content, result.IsError = "Error: "+text, true
		return result
	}
	tool, ok := findTool(tools, call.Name)
	if !ok {
		return fail("no tool called " + call.Name)
	}
	if err := checkArguments(tool, call); err != nil {
		return fail(err.Error())
	}
	defer func() {
		if r := recover(); r != nil {
			result = fail(fmt.Sprint(r))
		}
	}()
	content, err := tool.Execute(call.Arguments)
	if err != nil {
		return fail(err.Error())
	}
	result.Content = content
	return result
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
}

// Chat says text to the model, runs the loop with a budget of MaxSteps, and
// returns the grown list and how the run ended.
func Chat(model lab.Model, messages []lab.Message, text string, tools []lab.Tool) ([]lab.Message, Result) {
	messages = append(messages, UserMessage(text))
	return RunLoop(model, messages, tools, MaxSteps)
}
