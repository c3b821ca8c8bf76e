// Once lab 1 passes, this runs against your code: the go_test tool wrapped
// with KeepBigOutputs, called twice.
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
	ws := lab.NewWorkspace(map[string]string{"go.mod": "module shop\n"})
	goTest := lab.Tool{
		Name:        "go_test",
		Description: "Run go test -v on one package and return what it printed.",
		Parameters: lab.Schema{"type": "object", "required": []string{"package"},
			"properties": lab.Schema{"package": lab.Schema{"type": "string"}}},
		Execute: func(lab.Args) (string, error) { return output, nil },
	}
	rec := lab.NewRecorder("go_test through KeepBigOutputs, twice")
	rec.Watch(ws)
	tools := rec.Tools(harness.KeepBigOutputs([]lab.Tool{goTest}, ws)...)

	preview, _ := tools[0].Execute(lab.Args{"package": "shop/billing"})
	fmt.Print(preview)
	tools[0].Execute(lab.Args{"package": "shop/billing"}) // the same run again

	fmt.Println()
	fmt.Println("workspace:", ws.Paths())
	kept, _ := ws.Peek("outputs/1.log")
	fmt.Println("outputs/1.log is the whole run, byte for byte:", kept == output)
	fmt.Printf("tokens: %d for the whole run, %d for the preview\n", lab.CountTokens(output), lab.CountTokens(preview))
	if err := lab.WriteTranscript(rec); err != nil {
		log.Fatal(err)
	}
}
