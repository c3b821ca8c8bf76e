package checks

import (
	"fmt"
	"time"

	"harnesslab/grader/checkkit"
	"harnesslab/grader/checks/15/play"
	"harnesslab/lab"
)

// Lab 1, the loop: RunLoopWithin runs a scripted model's calls with a
// deadline each, and stops when the caller cancels.

// maxSteps is the budget the checks give RunLoopWithin, unless a scenario
// says otherwise.
const maxSteps = 8

// eachLoop judges every loop scenario of the check: judge is handed the
// scenario, the student's record and the reference's, once both returned.
func eachLoop(c *checkkit.C, yours, ref checkkit.Observed, judge func(sc play.Loop, got, want play.LoopRan)) {
	checkkit.EachScenario(c, checkkit.Scenario[[]checkkit.Data[[]play.Loop]](c), func(k int, scs []play.Loop) {
		for i, sc := range scs {
			key := play.Key(k, play.LoopNoun, i)
			want := checkkit.Get[play.LoopRan](c, ref, key)
			if !want.Returned {
				c.KitFatalf("the reference did not return in time on %s", sc.What)
			}
			got := checkkit.Get[play.LoopRan](c, yours, key)
			if !got.Returned {
				c.Errorf("%s: RunLoopWithin had not returned after %v: it is waiting for a tool that ignores its context. "+
					"Run each call with RunCall, which ends at the call's deadline.", sc.What, got.Wait)
				return
			}
			if judge(sc, got, want); c.Failed() {
				return
			}
		}
	})
}

func loopAnswersSets() []checkkit.Data[[]play.Loop] {
	return []checkkit.Data[[]play.Loop]{
		one("a fetch that hangs and a lookup, then the answer", play.Loop{
			What: "Fetch (hangs) and lookup, then an answer", Question: "Is the site up, and on which port?",
			Table: map[string]string{"port": "8080"}, Limit: 500 * ms, MaxSteps: maxSteps,
			Replies: []lab.Message{
				lab.Reply(lab.Text("Let me look."), fetchOf("c1", "https://status.example.com"), lookupOf("c2", "port")),
				lab.Say("The status page did not answer in time; the port is 8080."),
			},
		}),
		one("a slow search, then a lookup, then the answer", play.Loop{
			What: "Search (slow), then lookup, then an answer", Question: "Why is the disk full?",
			Table: map[string]string{"log_dir": "/var/log/app"}, Limit: 400 * ms, MaxSteps: maxSteps,
			Replies: []lab.Message{
				lab.Reply(searchOf("k4", "disk full")),
				lab.Reply(lookupOf("k5", "log_dir")),
				lab.Say("The search timed out; the logs live in /var/log/app."),
			},
		}),
	}
}

func judgeLoopAnswersAfterTimeout(c *checkkit.C, yours, ref checkkit.Observed) {
	eachLoop(c, yours, ref, func(sc play.Loop, got, want play.LoopRan) {
		checkkit.SameMessages(c, sc.What+": RunLoopWithin should return the question, each reply, each call's result (timed out or not), and the answer",
			want.Messages, got.Messages, 0)
		c.Equal(sc.What+": the run should end answered, with the model's last words, after one step per reply", want.Result, got.Result)
		if got.Asked != want.Asked {
			c.Errorf("%s: the model should be asked %s, it was asked %s.", sc.What, checkkit.Times(want.Asked), checkkit.Times(got.Asked))
		}
		sameSystemAndTools(c, sc, got, want)
	})
}

// sameSystemAndTools compares the system prompt and tools of every request
// the student's loop sent with the reference's first.
func sameSystemAndTools(c *checkkit.C, sc play.Loop, got, want play.LoopRan) {
	if len(want.Requests) == 0 {
		return
	}
	first := want.Requests[0]
	for i, r := range got.Requests {
		c.Equal(fmt.Sprintf("%s: request %d should carry the system prompt and a spec of every job", sc.What, i+1),
			lab.Request{System: first.System, Tools: first.Tools}, lab.Request{System: r.System, Tools: r.Tools})
	}
}

func loopStopsSets() []checkkit.Data[[]play.Loop] {
	return []checkkit.Data[[]play.Loop]{
		one("cancelled during the second of three calls", play.Loop{
			What: "Lookup, search (the caller cancels while it runs), lookup", Question: "What is the port and who owns it?",
			Table: map[string]string{"port": "8080", "owner": "ada"}, CancelOn: "owner of 8080", Limit: time.Second, MaxSteps: maxSteps,
			Replies: []lab.Message{
				lab.Reply(lookupOf("c1", "port"), searchOf("c2", "owner of 8080"), lookupOf("c3", "owner")),
			},
		}),
		one("cancelled in the second step, during a fetch that hangs", play.Loop{
			What: "Lookup; then fetch (hangs; the caller cancels while it runs) and lookup", Question: "Did the build pass?",
			Table: map[string]string{"branch": "main"}, CancelOn: "https://ci.example.com/main", Limit: 1500 * ms, MaxSteps: maxSteps,
			Replies: []lab.Message{
				lab.Reply(lookupOf("b1", "branch")),
				lab.Reply(lab.Text("Checking CI."), fetchOf("b2", "https://ci.example.com/main"), lookupOf("b3", "branch")),
			},
		}),
		// The caller cancels during the last step the budget allows: the
		// loop ends because the caller stopped it, not because the budget
		// ran out.
		fresh("cancelled during the only step a budget of 1 allows", play.Loop{
			What: "Budget of 1 step: lookup, search (the caller cancels while it runs), lookup", Question: "Which port, and why is it refused?",
			Table: map[string]string{"port": "8080"}, CancelOn: "connection refused", MaxSteps: 1, Limit: time.Second,
			Replies: []lab.Message{
				lab.Reply(lookupOf("d1", "port"), searchOf("d2", "connection refused"), lookupOf("d3", "port")),
			},
		}),
		one("cancelled during the second of a budget of 2 steps", play.Loop{
			What: "Budget of 2 steps: lookup; then fetch (hangs; the caller cancels while it runs) and lookup", Question: "Is the staging site up?",
			Table: map[string]string{"env": "staging"}, CancelOn: "https://staging.example.com", MaxSteps: 2, Limit: 1200 * ms,
			Replies: []lab.Message{
				lab.Reply(lookupOf("e1", "env")),
				lab.Reply(fetchOf("e2", "https://staging.example.com"), lookupOf("e3", "env")),
			},
		}),
		// The caller cancelled before the run started: the model is never
		// asked.
		fresh("cancelled before the start, a model that would answer", play.Loop{
			What: "Cancelled before the run starts (the model would answer at once)", Question: "What port does the server use?",
			Table: map[string]string{"port": "8080"}, Limit: time.Second, MaxSteps: maxSteps, Cancelled: true,
			Replies: []lab.Message{lab.Say("It uses port 8080.")},
		}),
		one("cancelled before the start, a model that would ask for a lookup", play.Loop{
			What: "Cancelled before the run starts (the model would ask for a lookup)", Question: "Who owns the server?",
			Table: map[string]string{"owner": "ada"}, Limit: time.Second, MaxSteps: maxSteps, Cancelled: true,
			Replies: []lab.Message{lab.Reply(lookupOf("f1", "owner")), lab.Say("Ada owns it.")},
		}),
	}
}

func judgeLoopStopsWhenCancelled(c *checkkit.C, yours, ref checkkit.Observed) {
	eachLoop(c, yours, ref, func(sc play.Loop, got, want play.LoopRan) {
		if sc.Cancelled {
			cancelledBefore(c, sc, got, want)
			return
		}
		if want.Result.Status != stoppedStatus || want.Asked != len(sc.Replies) {
			c.KitFatalf("%s: the reference ended %q after being asked %s", sc.What, want.Result.Status, checkkit.Times(want.Asked))
		}
		if got.Asked > len(sc.Replies) {
			c.Errorf("%s: the caller cancelled during step %d, but the model was asked again (%s in all). "+
				"Once the caller's context has ended, record the results and return: no more model calls.",
				sc.What, len(sc.Replies), checkkit.Times(got.Asked))
		}
		checkkit.SameMessages(c, sc.What+": RunLoopWithin should return the question, each reply, and one result for every call, "+
			"the stopped and cancelled ones included", want.Messages, got.Messages, 0)
		if got.Result.Status == gaveUp && len(sc.Replies) == sc.MaxSteps {
			c.Errorf("%s: the caller cancelled during step %d, the last one the budget of %d allows, and the run ended %q. "+
				"The caller stopped this run, not the budget: when the loop ends, look at the caller's context before you say it gave up.",
				sc.What, len(sc.Replies), sc.MaxSteps, got.Result.Status)
		}
		c.Equal(sc.What+": the run should end stopped, with no answer, after the step in which the caller cancelled", want.Result, got.Result)
		if problems := lab.Validate(got.Messages); len(problems) > 0 {
			c.Errorf("%s: the list RunLoopWithin returned would be refused by a provider: %s", sc.What, checkkit.List(problems))
		}
	})
}

// cancelledBefore judges a run whose caller cancelled before it started.
func cancelledBefore(c *checkkit.C, sc play.Loop, got, want play.LoopRan) {
	if want.Asked > 0 {
		c.KitFatalf("%s: the reference asked the model %s", sc.What, checkkit.Times(want.Asked))
	}
	if got.Asked > 0 {
		c.Errorf("%s: the caller had cancelled before the run started, so the model should not be asked at all; it was asked %s. "+
			"Look at the caller's context before each model call, the first one included.", sc.What, checkkit.Times(got.Asked))
	}
	checkkit.SameMessages(c, sc.What+": RunLoopWithin should return the list as it was given, the question alone", want.Messages, got.Messages, 0)
	c.Equal(sc.What+": the run should end stopped, with no answer, after 0 steps: the model was never called", want.Result, got.Result)
	if ran := runWords(got.Runs); len(ran) > 0 {
		c.Errorf("%s: the caller had cancelled before the run started, so no job should run; these ran: %s.", sc.What, checkkit.Commas(ran))
	}
}
