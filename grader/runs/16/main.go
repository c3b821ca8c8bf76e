// Command 16 plays lesson 16's session against a real model: Patch, the
// student's agent, fixes the failing test of a small Go module. Every
// command the model asks for is put to the person at the terminal first;
// go test and go vet run for real, in a temporary copy of the module.
package main

import (
	"bufio"
	"fmt"
	"os"
	"strings"

	"harnesslab/grader/runs/runkit"
	"harnesslab/lab"
	harness "harnesslab/lessons/16-patch"
)

// module is the wordcount module of the lesson: Count splits on single
// spaces, so a text that ends with a space has one word too many.
var module = map[string]string{
	"go.mod": "module example.com/wordcount\n\ngo 1.22\n",
	"count.go": `// Package wordcount counts the words of a text.
package wordcount

import "strings"

// Count returns how many words text holds: runs of characters other than
// spaces, tabs and newlines.
func Count(text string) int {
	return len(strings.Split(text, " "))
}
`,
	"count_test.go": `package wordcount

import (
	"fmt"
	"strings"
	"testing"
)

func TestCount(t *testing.T) {
	for n := range 40 {
		text := strings.Repeat("word ", n)
		t.Run(fmt.Sprintf("words_%02d", n), func(t *testing.T) {
			if got := Count(text); got != n {
				t.Errorf("Count of %d words = %d", n, got)
			}
		})
	}
}
`,
}

// askAtTerminal puts a call to the person at the terminal and reports a yes.
func askAtTerminal(in *bufio.Reader) harness.AskFunc {
	return func(tool string, args lab.Args) bool {
		fmt.Fprintf(os.Stderr, "The model asks to run %s(%s). Allow it? [y/N] ", tool, lab.EncodeJSON(args))
		line, _ := in.ReadString('\n')
		return strings.TrimSpace(strings.ToLower(line)) == "y"
	}
}

func main() {
	in := bufio.NewReader(os.Stdin)
	runkit.Main(runkit.Scenario{
		Lesson: "16",
		Files:  module,
		Run: func(model lab.Model, ws *lab.Workspace, _ func(...lab.Tool) []lab.Tool) []lab.Message {
			res := harness.Patch(harness.PatchJob{Model: model, Repo: ws, Commands: lab.NewGoCommands(),
				Ask: askAtTerminal(in), Task: "go test fails in the wordcount module. Fix it.", Budget: harness.PatchBudget})
			fmt.Printf("Patch ended: %s after %d requests, %d of %d tokens spent; its own go test ./... passed: %v\n\n",
				res.Status, res.Steps, res.Spent, harness.PatchBudget, res.TestsPass)
			return res.Messages
		},
	})
}
