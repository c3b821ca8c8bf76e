package checks

import (
	"fmt"
	"strings"
	"time"

	"harnesslab/grader/checkkit"
	"harnesslab/lab"
)

// Lab 1: try again, or not. A second model when the first one fails, and
// the loop over a provider that fails.

// fallbackCase is one request to a Fallback model of two providers.
type fallbackCase struct {
	what            string
	seed            uint64
	primary, backup []lab.Fault
}

func fallbackTakesOver(c *checkkit.C) {
	checkkit.Scenarios(c, vendors, func(r run) {
		busy := lab.Fail(lab.Overloaded(r.v))
		key := &lab.ProviderError{Vendor: r.v, Status: 401, Type: "authentication_error", Message: "invalid x-api-key"}
		for _, tc := range []fallbackCase{
			{"The first model stays overloaded; the second answers", r.seed + 61, []lab.Fault{busy, busy, busy, busy, busy}, nil},
			{"The first model answers after one overload", r.seed + 62, []lab.Fault{busy}, nil},
			{"The first model says the prompt is too long; the second answers", r.seed + 63,
				[]lab.Fault{lab.Fail(lab.TooLong(r.v, 210000, 200000))}, nil},
			{"Both models refuse", r.seed + 64, []lab.Fault{lab.Fail(lab.TooLong(r.v, 210000, 200000))}, []lab.Fault{lab.Fail(key)}},
		} {
			fallbackOnce(c, tc, r.port)
			if c.Failed() {
				return
			}
		}
	})
}

// fallbackOnce asks a Fallback model of two providers once, and compares
// what happened with what the lesson's rules say.
func fallbackOnce(c *checkkit.C, tc fallbackCase, port string) {
	clock := lab.NewFakeClock(start)
	first := lab.NewScriptedModel(lab.Say("The first model says " + port + "."))
	second := lab.NewScriptedModel(lab.Say("The second model says " + port + "."))
	primary := lab.NewFlakyModel("first", clock, first, tc.primary...)
	backup := lab.NewFlakyModel("second", clock, second, tc.backup...)
	messages := []lab.Message{lab.User("Which port does the server use?")}
	toFirst, toSecond := c.Record(tc.what+": the tries sent to the first model"), c.Record(tc.what+": the tries sent to the second model")
	got := S.Fallback(clock, newRand(tc.seed), toFirst.Provider(primary), toSecond.Provider(backup)).Complete(system, messages, nil)
	sentence := fmt.Sprintf("%s (the first meets %s).", tc.what, showFaults(tc.primary))
	want, failure := plan(start, tc.seed, tc.primary)
	if !sameTries(c, sentence, "the first model", want, tries{Deadlines: primary.Deadlines(), Sleeps: clock.Sleeps()}) {
		return
	}
	if failure == nil {
		c.Equal(sentence+" The first model answered, so its answer is the reply:", lab.Say("The first model says "+port+"."), got, checkkit.AsSent...)
		if n := len(backup.Deadlines()); n != 0 {
			c.Errorf("%s The first model answered, so the second should not have been asked; it was asked %s.", sentence, checkkit.Times(n))
		}
		return
	}
	then := clock.Now().Add(timeout)
	if d := backup.Deadlines(); len(d) != 1 || !d[0].Equal(then) {
		c.Errorf("%s Once the first model has failed for good, the second should be sent the request once, with a "+
			"deadline Timeout after the clock's Now; it was sent it %s%s.", sentence, checkkit.Times(len(d)), showDeadlines(d, then))
		return
	}
	if len(tc.backup) > 0 {
		last := *tc.backup[0].Err
		c.Equal(sentence+" When every model fails, the reply should be an error reply (Role assistant, StopReason "+
			"\"error\") whose Error is the last model's failure, word for word:",
			lab.Message{Role: lab.RoleAssistant, StopReason: "error", Error: last.Error()}, got)
		return
	}
	c.Equal(sentence+" The second model's answer should be the reply, as it was sent:", lab.Say("The second model says "+port+"."), got, checkkit.AsSent...)
	if calls := second.Calls(); len(calls) == 1 {
		c.Equal(sentence+" The second model should get the same request, whole:",
			lab.Request{System: system, Messages: []lab.Message{lab.User("Which port does the server use?")}}, calls[0], checkkit.AsSent...)
	}
}

// showDeadlines writes the deadlines a provider was given, when they are
// not the one expected.
func showDeadlines(got []time.Time, want time.Time) string {
	if len(got) != 1 {
		return ""
	}
	return fmt.Sprintf(", with the deadline %s instead of %s", clockTime(got[0]), clockTime(want))
}

// flakyStory is one run of Chat over a Fallback model.
type flakyStory struct {
	file, port string
	seed       uint64
	primary    []lab.Fault
	perStep    [][]int // the retry number of every transient failure, request by request
}

func chatOverFlakyProvider(c *checkkit.C) {
	o := lab.OpenAI
	busy := lab.Fail(lab.Overloaded(o))
	checkkit.Scenarios(c, []checkkit.Data[flakyStory]{
		{Name: "one model that fails now and then", Data: flakyStory{file: "config.py", port: "9090", seed: 131,
			primary: []lab.Fault{busy, lab.Answer, lab.Hang(), lab.Answer}, perStep: [][]int{{1}, {1}}}},
		{Name: "a first model that is always overloaded, another file", Data: flakyStory{file: "settings.py", port: "7070", seed: 132,
			primary: []lab.Fault{busy, busy, busy, busy, busy, busy, busy, busy}, perStep: [][]int{{1, 2, 3}, {1, 2, 3}}}},
	}, func(s flakyStory) {
		ws := lab.NewWorkspace(map[string]string{s.file: "PORT = " + s.port + "\n", "README.md": "# server\n"})
		script := func() *lab.ScriptedModel {
			return lab.NewScriptedModel(
				lab.Reply(lab.Call("read", lab.Args{"path": s.file})),
				lab.Respond(func(r lab.Request) lab.Message {
					res, _ := r.ResultFor("c1")
					return lab.Say("The file says " + strings.TrimSpace(res.Content) + ".")
				}))
		}
		clock := lab.NewFakeClock(start)
		first, second := script(), script()
		primary := lab.NewFlakyModel("first", clock, first, s.primary...)
		backup := lab.NewFlakyModel("second", clock, second)
		rec := c.Record("Chat over a Fallback model")
		rec.Watch(ws)
		toFirst, toSecond := c.Record("the tries sent to the first model"), c.Record("the tries sent to the second model")
		model := S.Fallback(clock, newRand(s.seed), toFirst.Provider(primary), toSecond.Provider(backup))
		messages, result := S.Chat(rec.Model(model), nil, "Which port does the server use?", rec.Tools(checkkit.ReadTool(ws)))
		call := lab.Call("read", lab.Args{"path": s.file}).WithID("c1")
		answer := "The file says PORT = " + s.port + "."
		want := []lab.Message{lab.User("Which port does the server use?"), lab.Reply(call),
			checkkit.Result("c1", "read", "PORT = "+s.port+"\n"), lab.Say(answer)}
		what := fmt.Sprintf("Chat over a Fallback model whose first provider meets %s.", showFaults(s.primary))
		if !checkkit.SameMessages(c, what+" The failed tries should leave no trace: the list should be the one a "+
			"provider that never fails would give.", want, messages, 0) {
			checkkit.LogConversation(c, "the list your code returned", messages)
			return
		}
		if result.Status != "answered" || result.Text != answer {
			c.Errorf("%s The run should end answered, with the text %q; it ended with status %q and text %q.", what, answer, result.Status, result.Text)
		}
		rng := newRand(s.seed)
		var sleeps []time.Duration
		for _, step := range s.perStep {
			for _, retry := range step {
				sleeps = append(sleeps, backoff(retry, rng))
			}
		}
		sameSleeps(c, what+" Each request is retried on its own, from retry 1, with the one source of the run:", sleeps, clock.Sleeps())
	})
}
