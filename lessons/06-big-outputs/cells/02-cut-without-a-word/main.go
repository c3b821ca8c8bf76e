// Three ways to make the test run fit, and what each leaves the model to go
// on. The model can only report what the result in front of it says.
package main

import (
	"fmt"
	"strings"

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
	lines := strings.SplitAfter(output, "\n")
	lines = lines[:len(lines)-1]
	cuts := []struct{ name, text string }{
		{"the first 50 lines", strings.Join(lines[:50], "")},
		{"the last 50 lines", strings.Join(lines[len(lines)-50:], "")},
		{"harness.Preview", harness.Preview(output, "outputs/1.log")},
	}
	yes := map[bool]string{true: "yes", false: "no"}
	for _, cut := range cuts {
		fmt.Printf("%s: %d lines\n", cut.name, strings.Count(cut.text, "\n"))
		fmt.Printf("  says the run failed:    %s\n", yes[strings.Contains(cut.text, "FAIL\tshop/billing")])
		fmt.Printf("  names the failed test:  %s\n", yes[strings.Contains(cut.text, "--- FAIL")])
		fmt.Printf("  says lines were cut:    %s\n", yes[strings.Contains(cut.text, "lines cut")])
		fmt.Printf("  says where the rest is: %s\n", yes[strings.Contains(cut.text, "Full output:")])
	}
}
