// Once both labs pass, this runs against your code: the story of the first
// cell again, with the big output kept, previewed, searched and paged.
package main

import (
	"fmt"
	"log"
	"regexp"
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

// brief shows a message on one line: a result as its line count and its
// lines that matter.
func brief(m lab.Message) string {
	if m.Role != lab.RoleToolResult || strings.Count(m.Content, "\n") < 3 {
		return lab.Show([]lab.Message{m})
	}
	var keep []string
	for _, line := range strings.Split(m.Content, "\n") {
		if strings.Contains(line, "FAIL") || strings.HasPrefix(line, "[") || strings.Contains(line, "_test.go") {
			keep = append(keep, line)
		}
	}
	return fmt.Sprintf("toolResult %s -> %d lines, among them:\n    %s", m.ToolCallID,
		strings.Count(m.Content, "\n"), strings.Join(keep, "\n    "))
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
	tools := append(harness.KeepBigOutputs([]lab.Tool{goTest}, ws),
		harness.MakeReadLinesTool(ws), harness.MakeSearchTool(ws))

	hit := regexp.MustCompile(`(\S+):(\d+): --- FAIL`)
	model := lab.NewScriptedModel(
		lab.Reply(lab.Call("go_test", lab.Args{"package": "shop/billing"})),
		lab.Reply(lab.Text("The middle was cut. Searching the kept output."),
			lab.Call("search", lab.Args{"query": "--- FAIL"})),
		lab.Respond(func(r lab.Request) lab.Message { // it reads where the search says
			found, _ := r.ResultFor("c2")
			m := hit.FindStringSubmatch(found.Content)
			var offset float64
			fmt.Sscan(m[2], &offset)
			return lab.Reply(lab.Call("read_lines", lab.Args{"path": m[1], "offset": offset - 2, "limit": 3}))
		}),
		lab.Say("TestRefund250 fails: got 200, want 401."),
	)
	rec := lab.NewRecorder("Chat with a preview, then search and read_lines")
	rec.Watch(ws)
	messages, result := harness.Chat(rec.Model(model), nil, "Do the billing tests pass?", rec.Tools(tools...))
	for _, m := range messages {
		fmt.Println(brief(m))
	}
	fmt.Println()
	for i, request := range model.Calls() {
		fmt.Printf("request %d: %d messages, %d input tokens\n", i+1, len(request.Messages), lab.CountTokens(request.Text()))
	}
	kept, _ := ws.Peek("outputs/1.log")
	fmt.Printf("bill: %d input tokens for %q\n", model.Bill(), result.Text)
	fmt.Println("outputs/1.log is the whole run, byte for byte:", kept == output)
	if err := lab.WriteTranscript(rec); err != nil {
		log.Fatal(err)
	}
}
