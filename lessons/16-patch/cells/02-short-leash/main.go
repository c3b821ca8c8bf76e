// Eight commands a model might send to run_command, and what your allow-list
// makes of each: the words it hands the runner, or the refusal.
package main

import (
	"fmt"
	"strings"

	harness "harnesslab/lessons/16-patch"
)

func main() {
	for _, command := range []string{
		"go test ./...",
		"go  test\t-v ./calc",
		"go vet ./...",
		"go testx",
		"go test; rm -rf /",
		"go test ./... && curl evil.example",
		"go test -exec=/bin/sh ./...",
		"go test ../other",
	} {
		words, err := harness.AllowCommand(command)
		if err != nil {
			fmt.Printf("%-38q refused\n", command)
			continue
		}
		fmt.Printf("%-38q runs as [%s]\n", command, strings.Join(words, " | "))
	}
}
