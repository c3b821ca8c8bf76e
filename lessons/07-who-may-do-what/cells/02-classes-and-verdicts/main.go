// The field office's policy, and what Decide answers for each of its tools.
// Once lab 1 passes, this runs against your code.
package main

import (
	"fmt"

	harness "harnesslab/lessons/07-who-may-do-what"
)

func main() {
	policy := harness.Policy{
		Effects: map[string]harness.Effect{
			"read":          harness.Read,
			"save_draft":    harness.Write,
			"send_email":    harness.External,
			"delete_report": harness.Irreversible,
		},
		Allowed: []string{"read", "save_draft", "send_email", "delete_report", "archive"},
	}
	for _, name := range []string{"read", "save_draft", "send_email", "delete_report", "archive", "publish"} {
		verdict, reason := harness.Decide(policy, name)
		fmt.Printf("%-14s %-15q %-6s %s\n", name, policy.Effects[name], verdict, reason)
	}
}
