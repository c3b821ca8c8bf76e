package harness

import (
	"context"
	"encoding/json"
	"fmt"
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
// from now, or the caller's deadline if that comes first. The job is handed
// a context derived from ctx that ends at that deadline. RunCall returns as
// soon as the call finishes or its context ends, whichever comes first; it
// never waits for a job that ignores its context. A call whose context ended
// gets the timed-out result (TimedOutText) if its own limit ran out, or the
// stopped result (StoppedText) if ctx ended, whatever the job returned.
func RunCall(ctx context.Context, jobs []Job, call lab.Block, limit time.Duration) lab.Message {
	// --- your code ---
	callCtx, cancel := context.WithTimeout(ctx, limit)
	defer cancel()
	done := make(chan lab.Message, 1) // buffered: a job that finishes late never blocks
	go func() {
		done <- RunTool(BindJobs(callCtx, jobs), call)
	}()
	select {
	case result := <-done:
		if callCtx.Err() == nil {
			return result
		}
	case <-callCtx.Done():
	}
	if ctx.Err() != nil {
		return stopped(call)
	}
	return timedOut(call, limit)
	// --- starter ---
	panic("RunCall: not written yet")
	// --- end ---
}

// RunCallsWithin runs the calls of one reply one after another, each through
// RunCall with its own limit, and returns one result per call, in the order
// of calls. Once ctx has ended, the calls that have not started do not run:
// each gets the cancelled result (CancelledText).
func RunCallsWithin(ctx context.Context, jobs []Job, calls []lab.Block, limit time.Duration) []lab.Message {
	// --- your code ---
	results := make([]lab.Message, 0, len(calls))
	for _, call := range calls {
		if ctx.Err() != nil {
			results = append(results, cancelled(call))
			continue
		}
		results = append(results, RunCall(ctx, jobs, call, limit))
	}
	return results
	// --- starter ---
	panic("RunCallsWithin: not written yet")
	// --- end ---
}

// RunLoopWithin is RunLoop for jobs: it calls the model, runs the calls of
// each reply with RunCallsWithin, and calls the model again, until it answers,
// the budget of maxSteps model calls runs out, or ctx ends. When ctx ends,
// every call of the last reply still has its result in the list, the model
// is not called again, and the run ends Stopped.
func RunLoopWithin(ctx context.Context, model lab.Model, messages []lab.Message, jobs []Job, maxSteps int, limit time.Duration) ([]lab.Message, Result) {
	// --- your code ---
	specs := ToolSpecs(BindJobs(ctx, jobs))
	for step := 1; step <= maxSteps; step++ {
		if ctx.Err() != nil {
			return messages, Result{Status: Stopped, Steps: step - 1}
		}
		reply := model.Complete(System, messages, specs)
		messages = append(messages, reply)
		calls := ToolCalls(reply)
		if len(calls) == 0 {
			return messages, Result{Status: Answered, Text: TextOf(reply), Steps: step}
		}
		messages = append(messages, RunCallsWithin(ctx, jobs, calls, limit)...)
	}
	if ctx.Err() != nil {
		return messages, Result{Status: Stopped, Steps: maxSteps}
	}
	return messages, Result{Status: GaveUp, Steps: maxSteps}
	// --- starter ---
	panic("RunLoopWithin: not written yet")
	// --- end ---
}

// ShowStream reads stream to its end. It calls show with the words of each
// text piece as the piece arrives, in order, and never with a fragment of a
// tool call. It returns the reply the pieces make: one block per block
// number, in order, a text block holding its pieces joined and a toolCall
// block its fragments joined and decoded with DecodeArguments. A call whose
// fragments do not make a JSON object is an error.
func ShowStream(stream *lab.Stream, show func(text string)) (lab.Message, error) {
	// --- your code ---
	var firsts []lab.Piece // each block's first piece: its kind, id and name
	var texts []string     // each block's pieces joined
	for {
		piece, ok := stream.Next()
		if !ok {
			break
		}
		for len(firsts) <= piece.Block {
			firsts = append(firsts, lab.Piece{Block: -1})
			texts = append(texts, "")
		}
		if firsts[piece.Block].Block < 0 {
			firsts[piece.Block] = piece
		}
		texts[piece.Block] += piece.Text
		if piece.Kind == lab.TextPiece {
			show(piece.Text)
		}
	}
	blocks := make([]lab.Block, 0, len(firsts))
	for k, first := range firsts {
		switch {
		case first.Block < 0:
			continue // no piece had this number
		case first.Kind == lab.TextPiece:
			blocks = append(blocks, lab.Text(texts[k]))
		default:
			args, err := DecodeArguments(first.ID, texts[k])
			if err != nil {
				return lab.Message{}, err
			}
			blocks = append(blocks, lab.Call(first.Name, args).WithID(first.ID))
		}
	}
	return lab.Reply(blocks...), nil
	// --- starter ---
	panic("ShowStream: not written yet")
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
