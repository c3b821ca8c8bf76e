// Patch on the wordcount module, for real: the scripted model plays a whole
// fixing session (run the tests, search, read, edit, try a command off the
// allow-list, run the tests again, answer), and go test runs each time.
package main

import (
	"fmt"
	"log"
	"os"
	"path/filepath"

	"harnesslab/lab"
	harness "harnesslab/lessons/16-patch"
)

// The wordcount module, with forty cases: a failing go test prints a lot.
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

func main() {
	// The cells share your own build cache, so go test takes a second, not 20.
	if cache, err := os.UserCacheDir(); err == nil {
		os.Setenv("LAB_GOCACHE", filepath.Join(cache, "go-build"))
	}
	fix := lab.Args{"path": "count.go", "old_text": `strings.Split(text, " ")`, "new_text": "strings.Fields(text)"}
	model := lab.NewScriptedModel(
		lab.Reply(lab.Call("run_command", lab.Args{"command": "go test ./..."})),
		lab.Reply(lab.Call("search", lab.Args{"query": "strings.Split"}), lab.Call("read", lab.Args{"path": "count.go"})),
		lab.Reply(lab.Call("edit", fix)),
		lab.Reply(lab.Call("run_command", lab.Args{"command": "go test ./... && git push"})),
		lab.Reply(lab.Call("run_command", lab.Args{"command": "go test -v ./..."})),
		lab.Say("Fixed: Count now uses strings.Fields, and go test ./... passes."),
	)
	repo := lab.NewWorkspace(module)
	yes := func(tool string, args lab.Args) bool { return true } // a person who says yes to everything
	rec := lab.NewRecorder("Patch: what the model was sent and answered")
	res := harness.Patch(harness.PatchJob{Model: rec.Model(model), Repo: repo, Commands: lab.NewGoCommands(), Ask: yes,
		Task: "go test fails in the wordcount module. Fix it.", Budget: harness.PatchBudget})

	fmt.Println(lab.Show(res.Messages))
	fmt.Printf("\nstatus %s after %d requests; spent %d of %d tokens\n", res.Status, res.Steps, res.Spent, harness.PatchBudget)
	fmt.Printf("the person was asked %d times; TestsPass (Patch's own go test ./...): %v\n", len(res.Log.Entries), res.TestsPass)
	fmt.Printf("the copy holds %v\n", res.Copy.Paths())
	fmt.Printf("the repository was written %d times\n", len(repo.Writes()))
	if err := lab.WriteTranscript(rec); err != nil {
		log.Fatal(err)
	}
}
