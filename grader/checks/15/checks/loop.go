package checks

import (
	"context"
	"fmt"
	"runtime"
	"time"

	"harnesslab/grader/checkkit"
	"harnesslab/lab"
)

// Lab 1, the loop: RunLoopWithin runs a scripted model's calls with a
// deadline each, and stops when the caller cancels.

// maxSteps is the budget the checks give RunLoopWithin.
const maxSteps = 8

// loopScenario is a question, the replies the model gives, and the world.
type loopScenario struct {
	what     string
	question string
	table    map[string]string
	replies  []lab.Message // in order; the last one answers, unless the run is cancelled
	cancelOn string        // the argument whose job cancels the caller
	maxSteps int           // the budget RunLoopWithin is given; 0 means the checks' maxSteps
	limit    time.Duration
}

// budget is the step budget sc gives RunLoopWithin.
func (sc loopScenario) budget() int {
	if sc.maxSteps > 0 {
		return sc.maxSteps
	}
	return maxSteps
}

// playLoop runs the student's RunLoopWithin on sc, with a guard against a
// loop that waits for a hung tool. The model given is recorded, and a model
// asked after the script answers with an apology the kit never expects.
func playLoop(c *checkkit.C, sc loopScenario, w *world, ctx context.Context) (*lab.ScriptedModel, []lab.Message, Result, bool) {
	steps := make([]lab.Step, 0, len(sc.replies)+1)
	for _, r := range sc.replies {
		steps = append(steps, r)
	}
	steps = append(steps, lab.Always(lab.Say("(the model was asked again after the run should have ended)")))
	model := lab.NewScriptedModel(steps...)
	rec := c.Record(sc.what)
	var got []lab.Message
	var res Result
	wait := 2*time.Second + patience
	if !returned(wait, func() {
		got, res = S.RunLoopWithin(ctx, rec.Model(model), []lab.Message{lab.User(sc.question)}, w.jobs(), sc.budget(), sc.limit)
	}) {
		c.Errorf("%s: RunLoopWithin had not returned after %v: it is waiting for a tool that ignores its context. "+
			"Run each call with RunCall, which ends at the call's deadline.", sc.what, wait)
		return model, nil, Result{}, false
	}
	checkkit.LogConversation(c, sc.what, got)
	return model, got, res, true
}

func loopAnswersAfterTimeout(c *checkkit.C) {
	checkkit.Scenarios(c, []checkkit.Data[loopScenario]{
		{Name: "a fetch that hangs and a lookup, then the answer", Data: loopScenario{
			what: "Fetch (hangs) and lookup, then an answer", question: "Is the site up, and on which port?",
			table: map[string]string{"port": "8080"}, limit: 300 * ms,
			replies: []lab.Message{
				lab.Reply(lab.Text("Let me look."), fetchOf("c1", "https://status.example.com"), lookupOf("c2", "port")),
				lab.Say("The status page did not answer in time; the port is 8080."),
			},
		}},
		{Name: "a slow search, then a lookup, then the answer", Data: loopScenario{
			what: "Search (slow), then lookup, then an answer", question: "Why is the disk full?",
			table: map[string]string{"log_dir": "/var/log/app"}, limit: 250 * ms,
			replies: []lab.Message{
				lab.Reply(searchOf("k4", "disk full")),
				lab.Reply(lookupOf("k5", "log_dir")),
				lab.Say("The search timed out; the logs live in /var/log/app."),
			},
		}},
	}, func(sc loopScenario) {
		w := newWorld(sc.table)
		before := runtime.NumGoroutine()
		model, got, res, ok := playLoop(c, sc, w, context.Background())
		if !ok {
			return
		}
		// Let the jobs the run walked away from return, and wait for the
		// goroutines it started to end: a late write into what it returned
		// then happens while this check still runs, under the race
		// detector, whatever the machine's load.
		w.free()
		goroutinesLeft(before)
		want := []lab.Message{lab.User(sc.question)}
		for _, reply := range sc.replies {
			want = append(want, reply)
			for _, call := range reply.Blocks {
				switch call.Name {
				case "lookup":
					want = append(want, w.expectedOf(call))
				case "search", "fetch":
					want = append(want, timedOutOf(call, sc.limit))
				}
			}
		}
		checkkit.SameMessages(c, sc.what+": RunLoopWithin should return the question, each reply, each call's result (timed out or not), and the answer", want, got, 0)
		last := sc.replies[len(sc.replies)-1]
		c.Equal(sc.what+": the run should end answered, with the model's last words, after one step per reply",
			Result{Status: answered, Text: last.Blocks[0].Text, Steps: len(sc.replies)}, res)
		if model.Asked() != len(sc.replies) {
			c.Errorf("%s: the model should be asked %s, it was asked %s.", sc.what, checkkit.Times(len(sc.replies)), checkkit.Times(model.Asked()))
		}
		for i, r := range model.Calls() {
			c.Equal(fmt.Sprintf("%s: request %d should carry the system prompt and a spec of every job", sc.what, i+1),
				lab.Request{System: system, Tools: w.specs()}, lab.Request{System: r.System, Tools: r.Tools})
		}
	})
}

func loopStopsWhenCancelled(c *checkkit.C) {
	checkkit.Scenarios(c, []checkkit.Data[loopScenario]{
		{Name: "cancelled during the second of three calls", Data: loopScenario{
			what: "Lookup, search (the caller cancels while it runs), lookup", question: "What is the port and who owns it?",
			table: map[string]string{"port": "8080", "owner": "ada"}, cancelOn: "owner of 8080", limit: 400 * ms,
			replies: []lab.Message{
				lab.Reply(lookupOf("c1", "port"), searchOf("c2", "owner of 8080"), lookupOf("c3", "owner")),
			},
		}},
		{Name: "cancelled in the second step, during a fetch that hangs", Data: loopScenario{
			what: "Lookup; then fetch (hangs; the caller cancels while it runs) and lookup", question: "Did the build pass?",
			table: map[string]string{"branch": "main"}, cancelOn: "https://ci.example.com/main", limit: 600 * ms,
			replies: []lab.Message{
				lab.Reply(lookupOf("b1", "branch")),
				lab.Reply(lab.Text("Checking CI."), fetchOf("b2", "https://ci.example.com/main"), lookupOf("b3", "branch")),
			},
		}},
	}, stopsWhenCancelled(c))
	if c.Failed() {
		return
	}
	// The caller cancels during the last step the budget allows: the loop
	// ends because the caller stopped it, not because the budget ran out.
	checkkit.Scenarios(c, []checkkit.Data[loopScenario]{
		{Name: "cancelled during the only step a budget of 1 allows", Data: loopScenario{
			what: "Budget of 1 step: lookup, search (the caller cancels while it runs), lookup", question: "Which port, and why is it refused?",
			table: map[string]string{"port": "8080"}, cancelOn: "connection refused", maxSteps: 1, limit: 100 * ms,
			replies: []lab.Message{
				lab.Reply(lookupOf("d1", "port"), searchOf("d2", "connection refused"), lookupOf("d3", "port")),
			},
		}},
		{Name: "cancelled during the second of a budget of 2 steps", Data: loopScenario{
			what: "Budget of 2 steps: lookup; then fetch (hangs; the caller cancels while it runs) and lookup", question: "Is the staging site up?",
			table: map[string]string{"env": "staging"}, cancelOn: "https://staging.example.com", maxSteps: 2, limit: 120 * ms,
			replies: []lab.Message{
				lab.Reply(lookupOf("e1", "env")),
				lab.Reply(fetchOf("e2", "https://staging.example.com"), lookupOf("e3", "env")),
			},
		}},
	}, stopsWhenCancelled(c))
	if c.Failed() {
		return
	}
	// The caller cancelled before the run started: the model is never asked.
	checkkit.Scenarios(c, []checkkit.Data[loopScenario]{
		{Name: "cancelled before the start, a model that would answer", Data: loopScenario{
			what: "Cancelled before the run starts (the model would answer at once)", question: "What port does the server use?",
			table: map[string]string{"port": "8080"}, limit: time.Second,
			replies: []lab.Message{lab.Say("It uses port 8080.")},
		}},
		{Name: "cancelled before the start, a model that would ask for a lookup", Data: loopScenario{
			what: "Cancelled before the run starts (the model would ask for a lookup)", question: "Who owns the server?",
			table: map[string]string{"owner": "ada"}, limit: time.Second,
			replies: []lab.Message{lab.Reply(lookupOf("f1", "owner")), lab.Say("Ada owns it.")},
		}},
	}, func(sc loopScenario) {
		w := newWorld(sc.table)
		ctx, cancel := context.WithCancel(context.Background())
		cancel() // before RunLoopWithin is called
		model, got, res, ok := playLoop(c, sc, w, ctx)
		if !ok {
			return
		}
		if model.Asked() > 0 {
			c.Errorf("%s: the caller had cancelled before the run started, so the model should not be asked at all; it was asked %s. "+
				"Look at the caller's context before each model call, the first one included.", sc.what, checkkit.Times(model.Asked()))
		}
		checkkit.SameMessages(c, sc.what+": RunLoopWithin should return the list as it was given, the question alone", []lab.Message{lab.User(sc.question)}, got, 0)
		c.Equal(sc.what+": the run should end stopped, with no answer, after 0 steps: the model was never called",
			Result{Status: stoppedStatus, Steps: 0}, res)
		if ran := w.ranWords(); len(ran) > 0 {
			c.Errorf("%s: the caller had cancelled before the run started, so no job should run; these ran: %s.", sc.what, checkkit.Commas(ran))
		}
	})
}

// stopsWhenCancelled is the scenario of a caller who cancels while a call of
// the last reply runs: every call of that reply has its result, the model is
// asked nothing more, and the run ends stopped.
func stopsWhenCancelled(c *checkkit.C) func(sc loopScenario) {
	return func(sc loopScenario) {
		w := newWorld(sc.table)
		ctx, cancel := context.WithCancel(context.Background())
		defer cancel()
		w.cancelOn, w.cancel = sc.cancelOn, cancel
		model, got, res, ok := playLoop(c, sc, w, ctx)
		if !ok {
			return
		}
		want := []lab.Message{lab.User(sc.question)}
		stopped := false
		for _, reply := range sc.replies {
			want = append(want, reply)
			for _, call := range reply.Blocks {
				switch {
				case call.Type != lab.ToolCallBlock:
				case stopped:
					want = append(want, cancelledOf(call))
				case argOf(call) == sc.cancelOn:
					want = append(want, stoppedOf(call))
					stopped = true
				default:
					want = append(want, w.expectedOf(call))
				}
			}
		}
		if model.Asked() > len(sc.replies) {
			c.Errorf("%s: the caller cancelled during step %d, but the model was asked again (%s in all). "+
				"Once the caller's context has ended, record the results and return: no more model calls.",
				sc.what, len(sc.replies), checkkit.Times(model.Asked()))
		}
		checkkit.SameMessages(c, sc.what+": RunLoopWithin should return the question, each reply, and one result for every call, "+
			"the stopped and cancelled ones included", want, got, 0)
		if res.Status == gaveUp && len(sc.replies) == sc.budget() {
			c.Errorf("%s: the caller cancelled during step %d, the last one the budget of %d allows, and the run ended %q. "+
				"The caller stopped this run, not the budget: when the loop ends, look at the caller's context before you say it gave up.",
				sc.what, len(sc.replies), sc.budget(), res.Status)
		}
		c.Equal(sc.what+": the run should end stopped, with no answer, after the step in which the caller cancelled",
			Result{Status: stoppedStatus, Steps: len(sc.replies)}, res)
		if problems := lab.Validate(got); len(problems) > 0 {
			c.Errorf("%s: the list RunLoopWithin returned would be refused by a provider: %s", sc.what, checkkit.List(problems))
		}
	}
}
