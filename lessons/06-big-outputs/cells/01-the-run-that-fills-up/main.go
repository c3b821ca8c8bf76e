// Your harness as lesson 05 left it meets a test run of 1,227 lines. The
// model asks for it, asks for it again to be sure, and answers. Every request
// carries everything said so far, so the run is paid for again on every step
// after it.
package main

import (
	"fmt"
	"log"
	"strings"

	"harnesslab/lab"
	harness "harnesslab/lessons/06-big-outputs"
)

// testRun returns what `go test -v ./billing` prints: lines lines, with one
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

func main() {
	output := testRun(1227)
	goTest := lab.Tool{
		Name:        "go_test",
		Description: "Run go test -v on one package and return what it printed.",
		Parameters: lab.Schema{"type": "object", "required": []string{"package"},
			"properties": lab.Schema{"package": lab.Schema{"type": "string"}}},
		Execute: func(lab.Args) (string, error) { return output, nil },
	}
	model := lab.NewScriptedModel(
		lab.Reply(lab.Call("go_test", lab.Args{"package": "shop/billing"})),
		lab.Reply(lab.Text("One failure. Let me run it again to be sure."),
			lab.Call("go_test", lab.Args{"package": "shop/billing"})),
		lab.Say("TestRefund250 fails: got 200, want 401."),
	)
	rec := lab.NewRecorder("Chat with go_test, whose whole output goes into the conversation")
	_, result := harness.Chat(rec.Model(model), nil, "Do the billing tests pass?", rec.Tools(goTest))

	fmt.Printf("the test run: %d lines, %d tokens\n", strings.Count(output, "\n"), lab.CountTokens(output))
	for i, request := range model.Calls() {
		fmt.Printf("request %d: %2d messages, %6d input tokens\n", i+1, len(request.Messages), lab.CountTokens(request.Text()))
	}
	fmt.Printf("bill: %d input tokens for %q\n", model.Bill(), result.Text)
	if err := lab.WriteTranscript(rec); err != nil {
		log.Fatal(err)
	}
}
