// Your RunCalls on a timeline: every call takes the time written next to
// it, counted on a clock the program controls. Read, read, write, read; the
// second time, the first batch stops the run.
package main

import (
	"cmp"
	"context"
	"fmt"
	"log"
	"slices"
	"strings"
	"time"

	"harnesslab/lab"
	harness "harnesslab/lessons/11-several-calls-at-once"
)

// delays is how long each call takes, by path.
var delays = map[string]time.Duration{"a.txt": 30 * time.Millisecond, "b.txt": 10 * time.Millisecond, "c.txt": 5 * time.Millisecond}

func main() {
	calls := []lab.Block{
		lab.Call("read", lab.Args{"path": "a.txt"}).WithID("c1"),
		lab.Call("read", lab.Args{"path": "b.txt"}).WithID("c2"),
		lab.Call("write", lab.Args{"path": "c.txt", "text": "new"}).WithID("c3"),
		lab.Call("read", lab.Args{"path": "c.txt"}).WithID("c4"),
	}
	whole := run("A whole run:", calls, false)
	stopped := run("\nThe same calls, stopped while the first batch runs:", calls, true)
	if err := lab.WriteTranscript(whole, stopped); err != nil {
		log.Fatal(err)
	}
}

// run runs calls through RunCalls on a fresh timeline and prints what ran
// when, and the results; with stop, the read of b.txt stops the run. It
// returns the recorder of the tools' runs.
func run(title string, calls []lab.Block, stop bool) *lab.Recorder {
	fmt.Println(title)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	ws := lab.NewWorkspace(map[string]string{"a.txt": "A", "b.txt": "B", "c.txt": "old"})
	tl := lab.NewTimeline()
	delay := func(args lab.Args) time.Duration { return delays[args["path"].(string)] }
	read := harness.MakeReadTool(ws)
	plain := read.Execute
	read.Execute = func(args lab.Args) (string, error) {
		if stop && args["path"] == "b.txt" {
			cancel()
		}
		return plain(args)
	}
	write := lab.Tool{Name: "write", Execute: func(args lab.Args) (string, error) {
		ws.WriteText(args["path"].(string), args["text"].(string))
		return "done", nil
	}}
	rec := lab.NewRecorder("RunCalls: " + strings.TrimSuffix(strings.TrimSpace(title), ":"))
	rec.Watch(ws)
	recorded := rec.Tools(read, write)
	tools := []lab.Tool{tl.Delay(recorded[0], delay), tl.Delay(recorded[1], delay)}
	effects := map[string]harness.Effect{"read": harness.Read, "write": harness.Write}

	var results []lab.Message
	tl.Run([]int{2, 1, 1}, func() { results = harness.RunCalls(ctx, tools, effects, calls) })
	spans := tl.Spans()
	// Calls of one batch arrive in any order: print them by start, then finish.
	slices.SortStableFunc(spans, func(a, b lab.Span) int { return cmp.Or(cmp.Compare(a.Start, b.Start), cmp.Compare(a.End, b.End)) })
	for _, s := range spans {
		fmt.Printf("  %s %v ran from %v to %v\n", s.Tool, s.Args["path"], s.Start, s.End)
	}
	fmt.Printf("  on the clock: %v\n", tl.Now())
	for _, r := range results {
		fmt.Println("  " + strings.TrimSpace(lab.Show([]lab.Message{r})))
	}
	return rec
}
