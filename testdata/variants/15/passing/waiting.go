package harness

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"sort"
	"strings"
	"time"

	"harnesslab/lab"
)

// Job is a tool whose work is handed the context of its call, so that it can
// stop when the call's deadline passes or the run is cancelled. It is
// described to the model exactly as a lab.Tool is. A job may also ignore its
// context and hang: the harness must not wait for it.
type Job struct {
	Name        string
	Description string
	Parameters  lab.Schema
	Execute     func(ctx context.Context, args lab.Args) (string, error)
}

// Stopped is how a run ends when its caller cancelled it.
const Stopped Status = "stopped"

// TimedOutText is the content of the result of a call that did not finish
// within its limit; %v is the limit. It is an error result: the harness
// stopped waiting, and whatever the tool does later is thrown away.
const TimedOutText = "Error: no answer within %v; the call was abandoned. Ask for less, or try again"

// StoppedText is the content of the result of a call that was running when
// the run was cancelled. It is an error result: the call may have done part
// of its work.
const StoppedText = "Error: the run was cancelled while this call was running; its work may be half done"

// BindJobs returns jobs as tools whose work runs under ctx: each tool's
// Execute calls its job's Execute with ctx and the call's arguments.
func BindJobs(ctx context.Context, jobs []Job) []lab.Tool {
	tools := make([]lab.Tool, 0, len(jobs))
	for _, job := range jobs {
		tools = append(tools, lab.Tool{
			Name:        job.Name,
			Description: job.Description,
			Parameters:  job.Parameters,
			Execute: func(args lab.Args) (string, error) {
				return job.Execute(ctx, args)
			},
		})
	}
	return tools
}

// timedOut returns the result of call when it did not finish within limit.
func timedOut(call lab.Block, limit time.Duration) lab.Message {
	return lab.Message{Role: lab.RoleToolResult, ToolCallID: call.ID, ToolName: call.Name,
		Content: fmt.Sprintf(TimedOutText, limit), IsError: true}
}

// stopped returns the result of call when the run was cancelled while it ran.
func stopped(call lab.Block) lab.Message {
	return lab.Message{Role: lab.RoleToolResult, ToolCallID: call.ID, ToolName: call.Name,
		Content: StoppedText, IsError: true}
}

// RunCall runs one call through RunTool, with a deadline of its own: limit
// from now, or the caller's deadline if that comes first. It returns as soon
// as the call finishes or its context ends, and tells a passed limit
// (TimedOutText) from a caller who stopped the run (StoppedText).
func RunCall(ctx context.Context, jobs []Job, call lab.Block, limit time.Duration) lab.Message {
	// --- your code ---
	callCtx, cancel := context.WithDeadline(ctx, time.Now().Add(limit))
	defer cancel()
	out := make(chan lab.Message, 1)
	tools := BindJobs(callCtx, jobs)
	go func() { out <- RunTool(tools, call) }()
	var result lab.Message
	select {
	case <-callCtx.Done():
	case result = <-out:
	}
	switch {
	case ctx.Err() != nil:
		return stopped(call)
	case errors.Is(callCtx.Err(), context.DeadlineExceeded):
		return timedOut(call, limit)
	}
	return result
	// --- end ---
}

// RunCallsWithin runs the calls of one reply one after another, each with
// its own limit, one result per call in the order of calls; once ctx has
// ended, the calls left get the cancelled result without running.
func RunCallsWithin(ctx context.Context, jobs []Job, calls []lab.Block, limit time.Duration) []lab.Message {
	// --- your code ---
	results := make([]lab.Message, len(calls))
	for i := range calls {
		if err := ctx.Err(); err != nil {
			for j := i; j < len(calls); j++ {
				results[j] = cancelled(calls[j])
			}
			break
		}
		results[i] = RunCall(ctx, jobs, calls[i], limit)
	}
	return results
	// --- end ---
}

// RunLoopWithin is RunLoop for jobs, ending Stopped when ctx ends.
func RunLoopWithin(ctx context.Context, model lab.Model, messages []lab.Message, jobs []Job, maxSteps int, limit time.Duration) ([]lab.Message, Result) {
	// --- your code ---
	specs := ToolSpecs(BindJobs(ctx, jobs))
	steps := 0
	for steps < maxSteps && ctx.Err() == nil {
		steps++
		reply := model.Complete(System, messages, specs)
		messages = append(messages, reply)
		if len(ToolCalls(reply)) == 0 {
			return messages, Result{Status: Answered, Text: TextOf(reply), Steps: steps}
		}
		messages = append(messages, RunCallsWithin(ctx, jobs, ToolCalls(reply), limit)...)
	}
	if ctx.Err() != nil {
		return messages, Result{Status: Stopped, Steps: steps}
	}
	return messages, Result{Status: GaveUp, Steps: steps}
	// --- end ---
}

// ShowStream shows each text piece as it arrives and returns the reply the
// pieces make.
func ShowStream(stream *lab.Stream, show func(text string)) (lab.Message, error) {
	// --- your code ---
	byBlock := map[int][]lab.Piece{}
	for piece, ok := stream.Next(); ok; piece, ok = stream.Next() {
		if piece.Kind == lab.TextPiece {
			show(piece.Text)
		}
		byBlock[piece.Block] = append(byBlock[piece.Block], piece)
	}
	keys := make([]int, 0, len(byBlock))
	for k := range byBlock {
		keys = append(keys, k)
	}
	sort.Ints(keys)
	var blocks []lab.Block
	for _, k := range keys {
		var sb strings.Builder
		for _, p := range byBlock[k] {
			sb.WriteString(p.Text)
		}
		first := byBlock[k][0]
		if first.Kind == lab.TextPiece {
			blocks = append(blocks, lab.Text(sb.String()))
			continue
		}
		args, err := DecodeArguments(first.ID, sb.String())
		if err != nil {
			return lab.Message{}, err
		}
		blocks = append(blocks, lab.Call(first.Name, args).WithID(first.ID))
	}
	return lab.Reply(blocks...), nil
	// --- end ---
}

// DecodeArguments decodes the arguments of call id from their JSON text, the
// fragments of a streamed call joined. Anything but a JSON object is an
// error that names the call.
func DecodeArguments(id, text string) (lab.Args, error) {
	var args lab.Args
	if err := json.Unmarshal([]byte(text), &args); err != nil || args == nil {
		return nil, fmt.Errorf("decode the arguments of call %s: they are not a JSON object: %q", id, text)
	}
	return args, nil
}
