// A saved conversation comes back broken: a run stopped before one call got
// its result, a result from another conversation slipped in, and a result
// arrived late. lab.Validate says what a provider would refuse; Repair mends it.
package main

import (
	"fmt"

	"harnesslab/lab"
	harness "harnesslab/lessons/12-sending-less"
)

// result is what the read tool returned for the call id.
func result(id, content string) lab.Message {
	return lab.Message{Role: lab.RoleToolResult, ToolCallID: id, ToolName: "read", Content: content}
}

func main() {
	read := func(id, path string) lab.Block { return lab.Call("read", lab.Args{"path": path}).WithID(id) }
	broken := []lab.Message{
		result("c9", "from another conversation\n"),
		harness.UserMessage("Compare a.txt and b.txt."),
		lab.Reply(read("c1", "a.txt"), read("c2", "b.txt")),
		result("c1", "x = 1\n"),
		harness.UserMessage("Hello? Still there?"),
		result("c2", "x = 22\n"),
		lab.Reply(read("c3", "c.txt")),
	}
	fmt.Println("lab.Validate before:")
	for _, p := range lab.Validate(broken) {
		fmt.Println("  " + p)
	}
	repaired := harness.Repair(broken)
	fmt.Printf("\nlab.Validate after: %q\n\n", lab.Validate(repaired))
	fmt.Println(lab.Show(repaired))
}
