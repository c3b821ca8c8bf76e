package checks

import (
	"fmt"
	"strings"

	"harnesslab/grader/checkkit"
	"harnesslab/lab"
)

// newWorkspace returns the small disk every scenario starts from.
func newWorkspace() *lab.Workspace {
	return lab.NewWorkspace(map[string]string{
		"config.py": "PORT = 9090\n",
		"main.go":   "import config\n",
	})
}

// failed returns the result a failed call must get: it quotes the call, says
// "Error: " and why, and sets IsError.
func failed(call lab.Block, why string) lab.Message {
	return lab.Message{Role: lab.RoleToolResult, ToolCallID: call.ID, ToolName: call.Name,
		Content: "Error: " + why, IsError: true}
}

// worked returns the result a call that worked must get.
func worked(call lab.Block, content string) lab.Message {
	return lab.Message{Role: lab.RoleToolResult, ToolCallID: call.ID, ToolName: call.Name, Content: content}
}

// counter is a tool's Execute that counts its runs and returns out.
type counter struct {
	runs int
	out  string
}

func (n *counter) execute(lab.Args) (string, error) {
	n.runs++
	return n.out, nil
}

// object returns a JSON Schema for an object with the given string
// properties, of which required are required (in that order).
func object(required any, properties ...string) lab.Schema {
	props := lab.Schema{}
	for _, p := range properties {
		props[p] = lab.Schema{"type": "string"}
	}
	return lab.Schema{"type": "object", "properties": props, "required": required}
}

// describe writes a call the way a student reads it: raed({"path": "config.py"}).
func describe(call lab.Block) string {
	args := call.Arguments
	if args == nil {
		args = lab.Args{}
	}
	return call.Name + "(" + lab.EncodeJSON(args) + ")"
}

// toolNames lists the names of tools, for context.
func toolNames(tools []lab.Tool) string {
	var names []string
	for _, t := range tools {
		names = append(names, t.Name)
	}
	if len(names) == 0 {
		return "no tools at all"
	}
	return "tools: " + strings.Join(names, ", ")
}

// runToolCaught calls the student's RunTool and reports a panic that escapes
// it as a failure naming the call, instead of letting it end the check. A gap
// that is not written yet still panics through, so the kit can say so.
func runToolCaught(c *checkkit.C, tools []lab.Tool, call lab.Block, panicsWith string) (result lab.Message, ok bool) {
	defer func() {
		r := recover()
		if r == nil {
			return
		}
		if strings.HasSuffix(fmt.Sprint(r), ": not written yet") {
			panic(r)
		}
		c.Errorf("RunTool panicked on the call %s (its tool panics with %s) instead of returning a result. "+
			"The panic: %v. A panic in a tool should be recovered in a function RunTool defers and turned into "+
			"an error result; and RunTool's own code must not panic either.", describe(call), panicsWith, r)
		ok = false
	}()
	return S.RunTool(tools, call), true
}

// showResult writes how a run ended, in words.
func showResult(r Result) string {
	return fmt.Sprintf("status %q, text %q, after %d step(s)", r.Status, r.Text, r.Steps)
}

// list joins names the way a sentence does: "path, old and new".
func list(names []string) string {
	if len(names) < 2 {
		return strings.Join(names, "")
	}
	return strings.Join(names[:len(names)-1], ", ") + " and " + names[len(names)-1]
}

// resultsOf returns the toolResult messages of a conversation, in order.
func resultsOf(messages []lab.Message) []lab.Message {
	var results []lab.Message
	for _, m := range messages {
		if m.Role == lab.RoleToolResult {
			results = append(results, m)
		}
	}
	return results
}

// resultsNote tells the student how the differences below count results.
const resultsNote = " (Below, \"message N\" is result number N of the list's results, counting from 0.)"

// acceptable records a failure for every problem a provider would refuse
// messages for, and for every request the model refused.
func acceptable(c *checkkit.C, model *lab.ScriptedModel, messages []lab.Message) {
	if problems := lab.Validate(messages); len(problems) > 0 {
		c.Errorf("A provider would refuse the list your loop built:\n%s", strings.Join(problems, "\n"))
	}
	for _, refusal := range model.Refusals() {
		c.Errorf("The model refused a request your loop sent: %s", refusal)
	}
}
