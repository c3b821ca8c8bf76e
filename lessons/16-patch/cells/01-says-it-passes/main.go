// A harness that trusts the model: it offers the read tool, the model reads
// count.go and says the tests pass. Then the cell runs go test ./... on the
// same files, for real.
package main

import (
	"fmt"
	"log"
	"os"
	"path/filepath"

	"harnesslab/lab"
	harness "harnesslab/lessons/16-patch"
)

// The wordcount module: Count splits on single spaces, so "word " has two
// words and "" has one.
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

import "testing"

func TestCount(t *testing.T) {
	for _, c := range []struct {
		text string
		want int
	}{{"", 0}, {"one", 1}, {"one two", 2}, {"one two ", 2}} {
		if got := Count(c.text); got != c.want {
			t.Errorf("Count(%q) = %d, want %d", c.text, got, c.want)
		}
	}
}
`,
}

func main() {
	// The cells share your own build cache, so go test takes a second, not 20.
	if cache, err := os.UserCacheDir(); err == nil {
		os.Setenv("LAB_GOCACHE", filepath.Join(cache, "go-build"))
	}
	ws := lab.NewWorkspace(module)
	model := lab.NewScriptedModel(
		lab.Reply(lab.Call("read", lab.Args{"path": "count.go"})),
		lab.Say("I checked count.go: Count splits on spaces, which is right. The tests pass."),
	)
	rec := lab.NewRecorder("Chat with the read tool, no way to run the tests")
	rec.Watch(ws)
	_, result := harness.Chat(rec.Model(model), nil, "go test fails in this module. Fix it.", rec.Tools(harness.MakeReadTool(ws)))
	fmt.Printf("The model (%s): %s\n\n", result.Status, result.Text)

	out, err := lab.NewGoCommands().Run(ws, []string{"go", "test", "./..."})
	if err != nil {
		fmt.Println("go test could not run:", err)
		return
	}
	fmt.Printf("go test ./... (exit code %d):\n%s", out.ExitCode, out.Output)
	if err := lab.WriteTranscript(rec); err != nil {
		log.Fatal(err)
	}
}
