// Two ways to drop the oldest part of a conversation that read a file: cut at
// any message, or cut only where a turn starts. lab.Validate says what a
// provider would make of each.
package main

import (
	"fmt"

	"harnesslab/lab"
	harness "harnesslab/lessons/12-sending-less"
)

func main() {
	read := lab.Call("read", lab.Args{"path": "config.py"}).WithID("c1")
	messages := []lab.Message{
		harness.UserMessage("My name is Ada."),
		lab.Say("Nice to meet you, Ada."),
		harness.UserMessage("What port does config.py set?"),
		lab.Reply(lab.Text("Let me look."), read),
		{Role: lab.RoleToolResult, ToolCallID: "c1", ToolName: "read", Content: "PORT = 9090\n"},
		lab.Say("It sets 9090."),
		harness.UserMessage("Thanks."),
		lab.Say("You're welcome."),
	}
	cut := messages[4:] // the newest four messages
	fmt.Println("cut at any message, the newest four:")
	fmt.Println(lab.Show(cut))
	fmt.Printf("lab.Validate: %q\n\n", lab.Validate(cut))

	budget := harness.RequestTokens(harness.System, cut, nil)
	trimmed := harness.Trim(harness.System, messages, nil, budget)
	fmt.Printf("Trim to the same budget, %d tokens:\n", budget)
	fmt.Println(lab.Show(trimmed))
	fmt.Printf("lab.Validate: %q\n", lab.Validate(trimmed))
}
