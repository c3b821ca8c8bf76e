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
