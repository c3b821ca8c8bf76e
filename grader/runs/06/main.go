// Command 06 plays lesson 06's scenario against a real model: go test -v
// prints 1227 lines, KeepBigOutputs keeps them whole in the workspace and
// sends a preview, and the model finds the failure with search and
// read_lines. The notes say what was kept.
package main

import (
	"fmt"
	"strings"

	"harnesslab/grader/runs/runkit"
	"harnesslab/lab"
	harness "harnesslab/lessons/06-big-outputs"
)

// testRun returns what `go test -v ./billing` prints: lines lines, with a
// failed test in the middle and the verdict at the end.
func testRun(lines int) string {
	var b strings.Builder
	n := 0
	for i := 0; n < lines-2; i++ {
		name := fmt.Sprintf("TestRefund%03d", i)
		switch {
		case i == 250:
			fmt.Fprintf(&b, "=== RUN   %s\n    refund_test.go:41: got 200, want 401\n--- FAIL: %s (0.01s)\n", name, name)
			n += 3
		case n == lines-3:
			fmt.Fprintf(&b, "ok  \tshop/billing/internal/util\t0.012s\n")
			n++
		default:
			fmt.Fprintf(&b, "=== RUN   %s\n--- PASS: %s (0.00s)\n", name, name)
			n += 2
		}
	}
	b.WriteString("FAIL\nFAIL\tshop/billing\t4.817s\n")
	return b.String()
}

// goTest is the tool whose output is too big to send whole.
func goTest(output string) lab.Tool {
	return lab.Tool{
		Name:        "go_test",
		Description: "Run go test -v on one package and return what it printed.",
		Parameters: lab.Schema{"type": "object", "required": []string{"package"},
			"properties": lab.Schema{"package": lab.Schema{"type": "string"}}},
		Execute: func(lab.Args) (string, error) { return output, nil },
	}
}

func main() {
	output := testRun(1227)
	var ws *lab.Workspace
	runkit.Main(runkit.Scenario{
		Lesson: "06",
		Files:  map[string]string{"go.mod": "module shop\n"},
		Run: func(model lab.Model, w *lab.Workspace, tools func(...lab.Tool) []lab.Tool) []lab.Message {
			ws = w
			kept := append(harness.KeepBigOutputs([]lab.Tool{goTest(output)}, ws),
				harness.MakeReadLinesTool(ws), harness.MakeSearchTool(ws))
			messages, _ := harness.Chat(model, nil, "Do the billing tests pass? The package is shop/billing. If not, which test fails, and why?", tools(kept...))
			return messages
		},
		Notes: func() string { return notes(ws, output) },
	})
}

// notes says which files of the workspace hold a kept output, and whether
// each is the test run byte for byte.
func notes(ws *lab.Workspace, output string) string {
	var b strings.Builder
	for _, path := range ws.Paths() {
		if !strings.HasPrefix(path, harness.OutputsDir+"/") {
			continue
		}
		text, _ := ws.Peek(path)
		fmt.Fprintf(&b, "kept: %s, %d lines, the whole test run byte for byte: %v\n", path, strings.Count(text, "\n"), text == output)
	}
	if b.Len() == 0 {
		return "kept: nothing; every output went to the model whole"
	}
	return b.String()
}
