// Command 11 plays lesson 11's scenario against a real model: it may ask
// for several reads in one reply, and RunCalls runs them at once. The loop
// lives here, because RunLoop runs calls one by one. The read of
// auth/tokens.go is slow, so it tends to finish last; the notes show, for
// each reply with several calls, the order the reads finished in beside the
// order their results were sent back in.
package main

import (
	"context"
	"fmt"
	"strings"
	"sync"
	"time"

	"harnesslab/grader/runs/runkit"
	"harnesslab/lab"
	harness "harnesslab/lessons/11-several-calls-at-once"
)

// slowPath is the file on a slow disk.
const slowPath = "auth/tokens.go"

// slowest is how long a read of slowPath waits at most for the other reads
// of its reply.
const slowest = time.Second

// reads is the read tool of one run, which notes the order its reads
// finish in. A read of slowPath finishes only after another read of the same
// reply has finished, or after slowest when none does (the reads then ran
// one after the other).
type reads struct {
	mu       sync.Mutex
	finished []string      // the paths read in this reply, as they finished
	fast     chan struct{} // closed when a read other than slowPath finishes
}

// newReply starts the notes of a new reply.
func (r *reads) newReply() {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.finished, r.fast = nil, make(chan struct{})
}

// paths returns the paths read in this reply, as they finished.
func (r *reads) paths() []string {
	r.mu.Lock()
	defer r.mu.Unlock()
	return append([]string(nil), r.finished...)
}

// wrap returns read with its finishing noted and slowPath slowed.
func (r *reads) wrap(read lab.Tool) lab.Tool {
	inner := read.Execute
	read.Execute = func(args lab.Args) (string, error) {
		path, _ := args["path"].(string)
		r.mu.Lock()
		fast := r.fast
		r.mu.Unlock()
		if path == slowPath {
			select {
			case <-fast:
			case <-time.After(slowest):
			}
		}
		text, err := inner(args)
		r.mu.Lock()
		defer r.mu.Unlock()
		r.finished = append(r.finished, path)
		if path != slowPath && fast == r.fast {
			select {
			case <-fast:
			default:
				close(fast)
			}
		}
		return text, err
	}
	return read
}

// loop is lesson 11's loop: each reply's calls run through RunCalls. It
// notes, for each reply with several calls, the calls and the order their
// reads finished in.
func loop(model lab.Model, messages []lab.Message, tools []lab.Tool, r *reads) ([]lab.Message, []string) {
	effects := map[string]harness.Effect{"read": harness.Read}
	specs := harness.ToolSpecs(tools)
	var notes []string
	//lint:ignore SA4008 the lesson's starter panics in ToolCalls until the student writes it; the student's code returns
	for step := 1; step <= harness.MaxSteps; step++ {
		reply := model.Complete(harness.System, messages, specs)
		messages = append(messages, reply)
		calls := harness.ToolCalls(reply)
		if len(calls) == 0 {
			break
		}
		r.newReply()
		results := harness.RunCalls(context.Background(), tools, effects, calls)
		messages = append(messages, results...)
		if len(calls) > 1 {
			notes = append(notes, note(step, calls, results, r.paths()))
		}
	}
	return messages, notes
}

// note says what one reply asked for, the order the reads finished in and
// the order the results went back in.
func note(step int, calls []lab.Block, results []lab.Message, finished []string) string {
	asked := make([]string, len(calls))
	for i, c := range calls {
		asked[i] = fmt.Sprintf("%s %s", c.ID, lab.EncodeJSON(c.Arguments))
	}
	order := make([]string, len(results))
	for i, m := range results {
		order[i] = m.ToolCallID
	}
	return fmt.Sprintf("reply %d asked for %s\n  the reads finished in this order: %s\n  the results went back in this order: %s",
		step, strings.Join(asked, ", "), strings.Join(finished, ", "), strings.Join(order, ", "))
}

func main() {
	var notes []string
	runkit.Main(runkit.Scenario{
		Lesson: "11",
		Files: map[string]string{
			"auth/session.go":    "package auth\n\n// Valid reports whether the session s may still be used.\nfunc Valid(s Session, now time.Time) bool {\n\treturn !Expired(s.Token, now)\n}\n",
			"auth/tokens.go":     "package auth\n\n// Expired reports whether t is past its expiry, with a minute of grace.\nfunc Expired(t Token, now time.Time) bool {\n\treturn now.After(t.ExpiresAt.Add(time.Minute))\n}\n",
			"auth/middleware.go": "package auth\n\n// Require turns away a request whose session is not Valid.\nfunc Require(next http.Handler) http.Handler { /* ... */ }\n",
		},
		Run: func(model lab.Model, ws *lab.Workspace, tools func(...lab.Tool) []lab.Tool) []lab.Message {
			r := &reads{}
			question := "Where does the session check expiry, and how much grace does it give? Read auth/tokens.go and auth/session.go together, both in your first reply."
			messages, n := loop(model, []lab.Message{harness.UserMessage(question)}, tools(r.wrap(harness.MakeReadTool(ws))), r)
			notes = n
			return messages
		},
		Notes: func() string {
			if len(notes) == 0 {
				return "no reply asked for more than one call"
			}
			return strings.Join(notes, "\n")
		},
	})
}
