// Once lab 2 passes, this runs against your code: the kept test run, read
// with read_lines through RunTool, the way the loop runs it.
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
	ws := lab.NewWorkspace(map[string]string{"outputs/1.log": testRun(1227)})
	rec := lab.NewRecorder("search and read_lines over the kept output")
	rec.Watch(ws)
	tools := rec.Tools(harness.MakeReadLinesTool(ws), harness.MakeSearchTool(ws))
	calls := []lab.Block{
		lab.Call("search", lab.Args{"query": "--- FAIL"}).WithID("c1"),
		lab.Call("read_lines", lab.Args{"path": "outputs/1.log", "offset": 499.0, "limit": 4}).WithID("c2"),
		lab.Call("read_lines", lab.Args{"path": "outputs/1.log", "offset": 1224.0}).WithID("c3"),
		lab.Call("read_lines", lab.Args{"path": "outputs/1.log", "offset": 1227.0}).WithID("c4"),
		lab.Call("read_lines", lab.Args{"path": "outputs/1.log", "offset": 7.5}).WithID("c5"),
	}
	for _, call := range calls {
		result := harness.RunTool(tools, call)
		fmt.Printf("%s\n%s\n\n", lab.Show([]lab.Message{lab.Reply(call)}), strings.TrimSuffix(result.Content, "\n"))
	}
	if err := lab.WriteTranscript(rec); err != nil {
		log.Fatal(err)
	}
}
