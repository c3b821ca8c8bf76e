package checks

import (
	"context"
	"fmt"
	"sort"
	"time"

	"harnesslab/grader/checkkit"
	"harnesslab/lab"
)

// A world is what one run of a lab 2 scenario hands RunCalls: a workspace,
// the read, search and write tools over it, each call taking the time the
// scenario scripts on a Timeline, so calls finish in the order the check
// chose and the time they take is counted on its clock.

// scenario is one reply's calls to run, with the files and the delays.
type scenario struct {
	what   string
	files  map[string]string
	delays map[string]time.Duration // by "tool path" ("read a.txt"); 5ms when missing
	calls  []lab.Block
}

// delayOf is how long a call of tool with args takes in sc.
func (sc scenario) delayOf(tool string, args lab.Args) time.Duration {
	path, _ := args["path"].(string)
	if d, ok := sc.delays[tool+" "+path]; ok {
		return d
	}
	return 5 * time.Millisecond
}

// writeTool is the lesson's write tool over ws.
func writeTool(ws *lab.Workspace) lab.Tool {
	return lab.Tool{
		Name:        "write",
		Description: "Write text to a file, replacing what it held.",
		Parameters: lab.Schema{
			"type": "object",
			"properties": lab.Schema{
				"path": lab.Schema{"type": "string", "description": "Path of the file to write."},
				"text": lab.Schema{"type": "string", "description": "The new contents."},
			},
			"required":             []string{"path", "text"},
			"additionalProperties": false,
		},
		Execute: func(args lab.Args) (string, error) {
			path, _ := args["path"].(string)
			text, _ := args["text"].(string)
			ws.WriteText(path, text)
			return fmt.Sprintf("wrote %d bytes to %s", len(text), path), nil
		},
	}
}

// toolsOver returns the kit's tools over ws: read, write, and halt, a
// read-only tool that stops the run (calls stop) and says so.
func toolsOver(ws *lab.Workspace, stop func()) []lab.Tool {
	halt := lab.Tool{
		Name:        "halt",
		Description: "Stop the run.",
		Parameters:  lab.Schema{"type": "object", "properties": lab.Schema{}, "required": []string{}},
		Execute: func(lab.Args) (string, error) {
			stop()
			return "stopping", nil
		},
	}
	return []lab.Tool{checkkit.ReadTool(ws), writeTool(ws), halt}
}

// lessonClasses are the effect classes of toolsOver's tools.
func lessonClasses() map[string]string {
	return map[string]string{"read": read, "write": write, "halt": read}
}

// kitBatches is the kit's own answer to Batches.
func kitBatches(effects map[string]string, calls []lab.Block) [][]int {
	var out [][]int
	reads := false
	for i, b := range calls {
		if effects[b.Name] != read {
			out, reads = append(out, []int{i}), false
			continue
		}
		if !reads {
			out, reads = append(out, nil), true
		}
		out[len(out)-1] = append(out[len(out)-1], i)
	}
	return out
}

// outcome is what one run of RunCalls did.
type outcome struct {
	results []lab.Message
	spans   []lab.Span
	wall    time.Duration
	ws      *lab.Workspace
}

// runCalls runs sc through the student's RunCalls on a fresh world, under ctx
// (nil: a context that is never cancelled, though halt cancels it), and
// returns what happened. rounds says how many calls each round of a correct
// run starts together.
func runCalls(sc scenario, rounds []int, cancelled bool) outcome {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	if cancelled {
		cancel()
	}
	ws := lab.NewWorkspace(sc.files)
	tl := lab.NewTimeline()
	var tools []lab.Tool
	for _, t := range toolsOver(ws, cancel) {
		tools = append(tools, tl.Delay(t, func(args lab.Args) time.Duration { return sc.delayOf(t.Name, args) }))
	}
	calls := cloneCalls(sc.calls)
	var results []lab.Message
	tl.Run(rounds, func() { results = S.RunCalls(ctx, tools, lessonClasses(), calls) })
	return outcome{results: results, spans: tl.Spans(), wall: tl.Now(), ws: ws}
}

// roundsOf is how many calls each batch of a correct run starts together.
func roundsOf(calls []lab.Block) []int {
	var rounds []int
	for _, b := range kitBatches(lessonClasses(), calls) {
		rounds = append(rounds, len(b))
	}
	return rounds
}

// cloneCalls returns a deep copy of calls.
func cloneCalls(calls []lab.Block) []lab.Block {
	return lab.CloneMessages([]lab.Message{{Blocks: calls}})[0].Blocks
}

// expected is what RunCalls should return for sc: the kit's own tools run
// one call at a time, in listed order, on a fresh copy of the files (which is
// what a correct run amounts to), each outcome written as RunTool writes it.
// Calls from index stop on never run and get the cancelled result.
func expected(sc scenario, stop int) []lab.Message {
	ws := lab.NewWorkspace(sc.files)
	tools := toolsOver(ws, func() {})
	var out []lab.Message
	for i, b := range sc.calls {
		if i >= stop {
			out = append(out, checkkit.ErrorResult(b.ID, b.Name, cancelledText))
			continue
		}
		out = append(out, kitRun(tools, b))
	}
	return out
}

// kitRun runs one call the way the lessons' RunTool does.
func kitRun(tools []lab.Tool, b lab.Block) lab.Message {
	for _, t := range tools {
		if t.Name == b.Name {
			content, err := t.Execute(b.Arguments)
			if err != nil {
				return checkkit.ErrorResult(b.ID, b.Name, "Error: "+err.Error())
			}
			return checkkit.Result(b.ID, b.Name, content)
		}
	}
	return checkkit.ErrorResult(b.ID, b.Name, "Error: no tool called "+b.Name)
}

// wallOf is how long a correct run of sc takes on the clock: the slowest
// call of each batch, added up over the batches that run (those before stop).
func wallOf(sc scenario, stop int) time.Duration {
	var total time.Duration
	for _, batch := range kitBatches(lessonClasses(), sc.calls) {
		if batch[0] >= stop {
			break
		}
		var slowest time.Duration
		for _, i := range batch {
			b := sc.calls[i]
			if known(b.Name) {
				slowest = max(slowest, sc.delayOf(b.Name, b.Arguments))
			}
		}
		total += slowest
	}
	return total
}

// known reports whether the world has a tool called name.
func known(name string) bool {
	_, ok := lessonClasses()[name]
	return ok
}

// showSpans writes the calls that ran, in the order they started, with their
// times on the clock, each on a line of its own, to follow a colon.
func showSpans(spans []lab.Span) string {
	if len(spans) == 0 {
		return " no tool ran"
	}
	spans = append([]lab.Span(nil), spans...)
	sort.SliceStable(spans, func(i, j int) bool {
		if spans[i].Start != spans[j].Start {
			return spans[i].Start < spans[j].Start
		}
		return spans[i].End < spans[j].End
	})
	var out string
	for i, s := range spans {
		out += fmt.Sprintf("\n  %d. %s(%s) ran from %v to %v", i+1, s.Tool, argWords(s.Args), s.Start, s.End)
	}
	return out
}

// argWords writes a call's arguments, in key order.
func argWords(args lab.Args) string {
	var out string
	for i, k := range sortedKeys(args) {
		if i > 0 {
			out += ", "
		}
		out += fmt.Sprintf("%q", fmt.Sprint(args[k]))
	}
	return out
}

// runWords lists what ran as "read(a.txt)", sorted, for comparing runs
// whatever order they started in.
func runWords(spans []lab.Span) []string {
	out := make([]string, len(spans))
	for i, s := range spans {
		out[i] = s.Tool + "(" + argWords(s.Args) + ")"
	}
	sort.Strings(out)
	return out
}

// callWords lists calls the way runWords lists runs, sorted, leaving out
// calls to tools the world does not have.
func callWords(calls []lab.Block) []string {
	out := []string{}
	for _, b := range calls {
		if known(b.Name) {
			out = append(out, b.Name+"("+argWords(b.Arguments)+")")
		}
	}
	sort.Strings(out)
	return out
}
