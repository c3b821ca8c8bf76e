package play

import (
	"context"
	"runtime"
	"time"

	"harnesslab/grader/checkkit"
	"harnesslab/lab"
)

// Loop is one run of RunLoopWithin: the question, the replies the scripted
// model gives in order (a model asked after them says so, in words no
// correct run returns), the world (lookup's table, the argument whose job
// cancels the caller), the step budget, each call's limit, and whether the
// caller cancelled before the run started.
type Loop struct {
	What      string            `json:"what"`
	Question  string            `json:"question"`
	Table     map[string]string `json:"table"`
	Replies   []lab.Message     `json:"replies"`
	CancelOn  string            `json:"cancelOn"`
	MaxSteps  int               `json:"maxSteps"`
	Limit     time.Duration     `json:"limit"`
	Cancelled bool              `json:"cancelled"`
}

// LoopRan is what one run of RunLoopWithin did: whether it returned (false:
// it was still waiting Wait after it was called), the list and the Result
// it returned (read once every job it walked away from had finished and its
// goroutines had ended), the requests the model answered and how many times
// it was asked, the jobs that ran, and how many goroutines the run left
// behind once every job had returned.
type LoopRan struct {
	Returned bool          `json:"returned"`
	Wait     time.Duration `json:"wait"`
	Messages []lab.Message `json:"messages"`
	Result   Result        `json:"result"`
	Requests []lab.Request `json:"requests"`
	Asked    int           `json:"asked"`
	Runs     []JobRun      `json:"runs"`
	Left     int           `json:"left"`
}

// AskedAgain is what the scripted model says when it is asked after its
// replies ran out.
const AskedAgain = "(the model was asked again after the run should have ended)"

// LoopWait is how long the play waits for RunLoopWithin.
const LoopWait = 2*time.Second + Patience

// PlayLoop runs RunLoopWithin on sc on a fresh world, recorded under title.
// Once it returns, the jobs it walked away from are let go and the play
// waits for the goroutines the run started to end, so that a late write into
// what it returned happens before the record is made, under the race
// detector, whatever the machine's load. Unless patient, the play counts
// the goroutines left at once instead of waiting up to a second for them: a
// play that found some left behind already need not wait for more.
func PlayLoop(c *checkkit.C, title string, sc Loop, patient bool) LoopRan {
	w := newWorld(sc.Table, "", sc.CancelOn)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	w.cancel = cancel
	if sc.Cancelled {
		cancel()
	}
	steps := make([]lab.Step, 0, len(sc.Replies)+1)
	for _, r := range sc.Replies {
		steps = append(steps, r)
	}
	steps = append(steps, lab.Always(lab.Say(AskedAgain)))
	model := lab.NewScriptedModel(steps...)
	rec := c.Record(title)
	var got []lab.Message
	var res Result
	before := runtime.NumGoroutine()
	out := LoopRan{Wait: LoopWait}
	out.Returned = returned(LoopWait, func() {
		got, res = S.RunLoopWithin(ctx, rec.Model(model), []lab.Message{lab.User(sc.Question)}, w.jobs(), sc.MaxSteps, sc.Limit)
	})
	if out.Returned {
		w.free()
		wait := time.Second
		if !patient {
			wait = 0
		}
		out.Left = goroutinesLeft(before, wait)
		out.Messages, out.Result = lab.CloneMessages(got), res
		checkkit.LogConversation(c, sc.What, got)
	}
	out.Requests, out.Asked = model.Calls(), model.Asked()
	out.Runs = w.ran(time.Time{})
	return out
}
