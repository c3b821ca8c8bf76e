// A reply is a list of blocks, in the order the model wrote them. TextOf
// keeps the words and leaves out what is not words.
package main

import (
	"fmt"

	"harnesslab/lab"
	harness "harnesslab/lessons/01-function-that-forgets"
)

func main() {
	reply := lab.Reply(
		lab.Text("Let me look at both files. "),
		lab.Call("read", lab.Args{"path": "config.py"}),
		lab.Text("Then I will compare them."),
		lab.Call("read", lab.Args{"path": "backup.py"}),
	)

	for i, block := range reply.Blocks {
		switch block.Type {
		case lab.TextBlock:
			fmt.Printf("block %d  text      %q\n", i, block.Text)
		case lab.ToolCallBlock:
			fmt.Printf("block %d  toolCall  %s(%s)\n", i, block.Name, lab.EncodeJSON(block.Arguments))
		}
	}
	fmt.Printf("TextOf:  %q\n", harness.TextOf(reply))
}
