package lab_test

import (
	"fmt"

	"harnesslab/lab"
)

// A model can only write: here it asks for a file, and code reads it.
func Example() {
	ws := lab.NewWorkspace(map[string]string{"config.py": "PORT = 9090\n"})
	model := lab.NewScriptedModel(
		lab.Reply(lab.Call("read", lab.Args{"path": "config.py"})),
		lab.Respond(func(r lab.Request) lab.Message {
			result, _ := r.ResultFor("c1")
			return lab.Say("config.py says " + result.Content)
		}),
	)
	messages := []lab.Message{lab.User("What port?")}
	reply := model.Complete("You are a helpful assistant.", messages, nil)
	messages = append(messages, reply)
	call := reply.Blocks[0]
	text, _ := ws.ReadText(call.Arguments["path"].(string))
	messages = append(messages, lab.Message{Role: lab.RoleToolResult,
		ToolCallID: call.ID, ToolName: call.Name, Content: text})
	messages = append(messages, model.Complete("You are a helpful assistant.", messages, nil))

	fmt.Println(lab.Show(messages))
	fmt.Println("reads:", ws.Reads(), "bill:", model.Bill())
	// Output:
	// user -> "What port?"
	// assistant -> toolCall c1 read({"path": "config.py"})
	// toolResult c1 -> "PORT = 9090\n"
	// assistant -> "config.py says PORT = 9090\n"
	// reads: [config.py] bill: 107
}
