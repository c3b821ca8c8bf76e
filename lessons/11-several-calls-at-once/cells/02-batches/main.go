// One reply with six calls, and your Batches: which of them may run
// together, and in what order the batches go.
package main

import (
	"fmt"

	"harnesslab/lab"
	harness "harnesslab/lessons/11-several-calls-at-once"
)

func main() {
	effects := map[string]harness.Effect{"read": harness.Read, "search": harness.Read, "write": harness.Write}
	calls := []lab.Block{
		lab.Call("search", lab.Args{"query": "expires_at"}).WithID("c1"),
		lab.Call("read", lab.Args{"path": "auth/session.txt"}).WithID("c2"),
		lab.Call("write", lab.Args{"path": "auth/session.txt", "text": "grace = 0\n"}).WithID("c3"),
		lab.Call("run_command", lab.Args{"command": "go test ./auth"}).WithID("c4"),
		lab.Call("read", lab.Args{"path": "auth/session.txt"}).WithID("c5"),
		lab.Call("read", lab.Args{"path": "auth/tokens.txt"}).WithID("c6"),
	}
	for n, batch := range harness.Batches(effects, calls) {
		fmt.Printf("batch %d:", n+1)
		for _, i := range batch {
			fmt.Printf("  %s", lab.ShowBlock(calls[i]))
		}
		fmt.Println()
	}
}
