package play

import (
	"context"
	"fmt"
	"sync"
	"sync/atomic"
	"time"

	"harnesslab/grader/checkkit"
	"harnesslab/lab"
)

// A world is what one run of a lab 2 reply hands RunCalls: a workspace, and
// the read, write and halt tools over it, each call taking the time the
// scenario scripts on a Timeline, so calls finish in the order the scenario
// chose and the time they take is counted on its clock.

// DefaultDelay is how long a call takes when its scenario says nothing.
const DefaultDelay = 5 * time.Millisecond

// DelayOf is how long a call of tool with args takes in r.
func (r Run) DelayOf(tool string, args lab.Args) time.Duration {
	path, _ := args["path"].(string)
	if d, ok := r.Delays[tool+" "+path]; ok {
		return d
	}
	return DefaultDelay
}

// Classes are the effect classes of the world's tools, as RunCalls is told
// them.
func Classes() map[string]string {
	return map[string]string{"read": "read", "write": "write", "halt": "read"}
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

// toolsOver returns the world's tools over ws: read, write, and halt, a
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

// RunCalls hands r's calls to the code under play on a fresh world, under a
// context that halt stops (stopped from the start when r says so), and
// returns what happened. The tool runs and the workspace's reads and writes
// are recorded as a transcript of c.
func RunCalls(c *checkkit.C, r Run) Ran {
	var ctx context.Context
	var cancel func()
	if r.Deadline {
		ctx, cancel = pastDeadline()
	} else {
		ctx, cancel = context.WithCancel(context.Background())
	}
	defer cancel()
	if r.Cancelled {
		cancel()
	}
	ws := lab.NewWorkspace(r.Files)
	rec := c.Record(r.What)
	rec.Watch(ws)
	tl := lab.NewTimeline()
	var tools []lab.Tool
	for _, t := range rec.Tools(toolsOver(ws, cancel)...) {
		tools = append(tools, tl.Delay(t, func(args lab.Args) time.Duration { return r.DelayOf(t.Name, args) }))
	}
	var results []lab.Message
	tl.Run(r.Rounds, func() { results = S.RunCalls(ctx, tools, Classes(), cloneCalls(r.Calls)) })
	files := map[string]string{}
	for _, path := range ws.Paths() {
		files[path], _ = ws.Peek(path)
	}
	return Ran{Results: results, Spans: tl.Spans(), Wall: tl.Now(), Files: files}
}

// deadline is a context whose deadline passes when the world says so: a run
// stopped by the clock rather than by a person, which ctx.Err() reports as
// context.DeadlineExceeded.
type deadline struct {
	context.Context
	done   chan struct{}
	once   sync.Once
	passed atomic.Bool
}

// pastDeadline returns a deadline context and the function that makes its
// deadline pass.
func pastDeadline() (context.Context, func()) {
	d := &deadline{Context: context.Background(), done: make(chan struct{})}
	return d, func() {
		d.once.Do(func() {
			d.passed.Store(true)
			close(d.done)
		})
	}
}

// Deadline is a moment in the past once the deadline has passed, and one
// far ahead before.
func (d *deadline) Deadline() (time.Time, bool) {
	if d.passed.Load() {
		return time.Unix(0, 0), true
	}
	return time.Now().Add(time.Hour), true
}

func (d *deadline) Done() <-chan struct{} { return d.done }

func (d *deadline) Err() error {
	if d.passed.Load() {
		return context.DeadlineExceeded
	}
	return nil
}
