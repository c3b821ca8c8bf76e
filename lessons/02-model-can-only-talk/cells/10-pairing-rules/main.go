// The pairing rules, one broken list at a time, as lab.Validate reports them.
package main

import (
	"fmt"

	"harnesslab/lab"
)

func main() {
	ask := lab.User("What is in config.py?")
	readConfig := lab.Call("read", lab.Args{"path": "config.py"}).WithID("c1")
	readBackup := lab.Call("read", lab.Args{"path": "backup.py"}).WithID("c2")
	asked := lab.Reply(readConfig)
	aside := lab.User("Never mind, do X.")
	result := func(id, content string) lab.Message {
		return lab.Message{Role: lab.RoleToolResult, ToolCallID: id, ToolName: "read", Content: content}
	}

	cases := []struct {
		name     string
		messages []lab.Message
	}{
		{"valid: one result per call, right after it, in call order", []lab.Message{
			lab.User("Which ports do they use?"), lab.Reply(readConfig, readBackup),
			result("c1", "PORT = 9090\n"), result("c2", "PORT = 7070\n")}},
		{"missing: a call nobody answered", []lab.Message{
			ask, asked, aside}},
		{"orphan: a result whose call is not in the list", []lab.Message{
			ask, lab.Say("I will check the file."), result("c1", "DEBUG = True\n")}},
		{"late, then duplicate: not right after its call, and answered twice", []lab.Message{
			ask, asked, aside, result("c1", "DEBUG = True\n"), result("c1", "DEBUG = True\n")}},
		{"out of order: both answered, but c2 before c1", []lab.Message{
			lab.User("Which ports do they use?"), lab.Reply(readConfig, readBackup),
			result("c2", "PORT = 7070\n"), result("c1", "PORT = 9090\n")}},
	}

	for i, c := range cases {
		if i > 0 {
			fmt.Println()
		}
		fmt.Println("--", c.name)
		for j, m := range c.messages {
			fmt.Printf("  %d %s\n", j, lab.Show([]lab.Message{m}))
		}
		problems := lab.Validate(c.messages)
		if len(problems) == 0 {
			fmt.Println("  Validate: no problems")
		}
		for _, p := range problems {
			fmt.Println("  Validate:", p)
		}
	}
}
