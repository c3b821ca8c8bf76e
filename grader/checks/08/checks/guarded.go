package checks

import (
	"fmt"
	"regexp"
	"slices"

	"harnesslab/grader/checkkit"
	"harnesslab/lab"
)

// Lab 2: the guarded run, end to end.

// guardedRun is one run of GuardedChat over an office's reports, with what
// came back.
type guardedRun struct {
	model    *lab.ScriptedModel
	question lab.Message
	asked    lab.Message // the reply that asks for the report with personal data
	messages []lab.Message
	result   Result
	log      []Trigger
	runs     checkkit.ToolRuns
}

// runGuarded asks GuardedChat question, with a model that first asks for
// the office's report with personal data and then answers with answer(r),
// r being the request it was sent. The run's transcript is attached to c.
func runGuarded(c *checkkit.C, o office, question string, answer func(r lab.Request) string) *guardedRun {
	g := &guardedRun{question: lab.User(question), asked: lab.Reply(call(o.withData, "c1"))}
	g.model = lab.NewScriptedModel(g.asked, lab.Respond(func(r lab.Request) lab.Message { return lab.Say(answer(r)) }))
	tools := g.runs.Wrap(o.reportTool())
	rec := c.Record("GuardedChat: a report with personal data")
	g.messages, g.result, g.log = S.GuardedChat(rec.Model(g.model), nil, question, rec.Tools(tools...))
	return g
}

// sameRecord records a failure unless the guarded run's list is the whole
// conversation: question, call, redacted result, and the model's answer,
// whatever became of it.
func (g *guardedRun) sameRecord(c *checkkit.C, o office, answer string) {
	want := []lab.Message{g.question, g.asked, checkkit.Result("c1", "get_report", o.clean[o.withData]), lab.Say(answer)}
	checkkit.SameMessages(c, "The list GuardedChat returns is the record of the run: the question, the call, the redacted "+
		"result and the model's answer, even when the caller does not get that answer:", want, g.messages, 0)
	if g.model.Asked() != 2 {
		c.Errorf("The model should be asked twice; it was asked %s.", checkkit.Asked(g.model))
	}
	checkkit.SameToolRuns(c, "The report tool should run once:", checkkit.RunsOf(call(o.withData, "c1")), &g.runs)
}

// resultText returns the text of the result for call c1 in the request.
func resultText(r lab.Request) string {
	res, _ := r.ResultFor("c1")
	return res.Content
}

func uncitedAnswerWithheld(c *checkkit.C) {
	type data struct {
		o       office
		answer  string
		uncited []string
	}
	checkkit.Scenarios(c, []checkkit.Data[data]{
		{Name: offices[0].Name, Data: data{offices[0].Data,
			"Kessan has 48,200 people [c1] and 5,000 displaced [c1].", []string{"5,000"}}},
		{Name: offices[1].Name, Data: data{offices[1].Data,
			"Aramu has 12,750 people, about 40 per shelter.", []string{"12,750", "40"}}},
	}, func(d data) {
		g := runGuarded(c, d.o, "How many people are affected in "+d.o.district+"?", func(lab.Request) string { return d.answer })
		c.Equal(fmt.Sprintf("The answer %q has figures no result backs (%s), so it is withheld: the caller should get the "+
			"status %q, no text, and the steps the run took.", d.answer, checkkit.List(d.uncited), kit.Withheld),
			Result{Status: kit.Withheld, Steps: 2}, g.result)
		g.sameRecord(c, d.o, d.answer)
		want := d.o.redactions("get_report", d.o.withData)
		for _, fig := range d.uncited {
			want = append(want, Trigger{Guard: kit.OutputGuard, Where: "answer", What: "uncited figure " + fig})
		}
		sameLog(c, "The log should hold the redactions of the report, then one trigger for each uncited figure:", want, g.log)
	})
}

func answerWithPersonalDataWithheld(c *checkkit.C) {
	type data struct {
		o      office
		answer string
		kinds  []string
	}
	checkkit.Scenarios(c, []checkkit.Data[data]{
		{Name: offices[0].Name, Data: data{offices[0].Data,
			"Write to amina.yusuf@example.org for the figures.", []string{"email"}}},
		{Name: offices[1].Name, Data: data{offices[1].Data,
			"Ask j.otieno@aramu.example.net, or ops@relief.example.org.", []string{"email", "email"}}},
	}, func(d data) {
		g := runGuarded(c, d.o, "Who should I ask about "+d.o.district+"?", func(lab.Request) string { return d.answer })
		c.Equal(fmt.Sprintf("The answer %q holds personal data, so it is withheld: the caller should get the status %q, "+
			"no text, and the steps the run took.", d.answer, kit.Withheld), Result{Status: kit.Withheld, Steps: 2}, g.result)
		g.sameRecord(c, d.o, d.answer)
		want := d.o.redactions("get_report", d.o.withData)
		for _, kind := range d.kinds {
			want = append(want, Trigger{Guard: kit.OutputGuard, Where: "answer", What: kind})
		}
		if sameLog(c, "The log should hold the redactions of the report, then one trigger for each item of personal "+
			"data in the answer, by kind:", want, g.log) {
			noLeaks(c, d.o, g.log)
		}
	})
}

func guardedRunAnswers(c *checkkit.C) {
	checkkit.Scenarios(c, offices, func(o office) {
		var answer string
		// the question holds the asker's own contact: it is checked, not edited
		question := "How many people live in " + o.district + ", and how do I reach the office? You can reach me at " + o.asker + "."
		g := runGuarded(c, o, question, func(r lab.Request) string {
			// it can only repeat what its request shows it
			answer = o.district + " has " + o.people + " people [c1]. The contact in the report reads: " + resultText(r)
			if leaked := o.leaks(resultText(r)); len(leaked) == 0 {
				answer = o.district + " has " + o.people + " people [c1]. The report's contacts were redacted before I read them."
			}
			return answer
		})
		if calls := g.model.Calls(); len(calls) > 0 {
			checkkit.SameMessages(c, fmt.Sprintf("The question passes the input check, so the first request should carry it "+
				"exactly as it was asked, %s included: the input check refuses a question or lets it through, it never "+
				"edits it, and only tool results are redacted.", o.asker), []lab.Message{g.question}, calls[0].Messages, 0)
		}
		c.Equal("The model read the report redacted and answered with a figure it cites, so the caller should get the answer:",
			Result{Status: kit.Answered, Text: answer, Steps: 2}, g.result)
		g.sameRecord(c, o, answer)
		sameLog(c, "The log should hold exactly the redactions of the report:", o.redactions("get_report", o.withData), g.log)
		if calls := g.model.Calls(); len(calls) == 2 {
			if leaked := o.leaks(lab.RenderRequest(calls[1].System, calls[1].Messages, calls[1].Tools)); len(leaked) > 0 {
				c.Errorf("The second request holds personal data from the report: %s. GuardedChat should hand Chat the "+
					"tools wrapped by RedactTools.", checkkit.List(leaked))
			}
		}
		if c.Failed() {
			checkkit.LogConversation(c, "the list GuardedChat returned", g.messages)
		}
	})
}

func lessonValuesKept(c *checkkit.C) {
	c.Equal("harness.go and guard.go should keep the lesson's values: the system prompt, the statuses, the budget, the "+
		"marks, the kinds, the input limit and the guards' names. (The other checks use the lesson's values whatever "+
		"the files say; this one says whether they still agree.)", kit, S.Values)
}

func gaveUpStaysGaveUp(c *checkkit.C) {
	checkkit.Scenarios(c, offices, func(o office) {
		// it asks for the same report until the budget runs out
		model := lab.NewScriptedModel(lab.Always(lab.Reply(lab.Call("get_report", lab.Args{"id": o.noData}))))
		var runs checkkit.ToolRuns
		tools := runs.Wrap(o.reportTool())
		rec := c.Record("GuardedChat: the model asks until the steps run out")
		messages, result, log := S.GuardedChat(rec.Model(model), nil, "Summarise "+o.district+".", rec.Tools(tools...))
		c.Equal(fmt.Sprintf("A model that still asks for tools after %d steps makes the run give up, and GuardedChat "+
			"should report it as Chat does: nothing was answered, so nothing is withheld.", kit.MaxSteps),
			Result{Status: kit.GaveUp, Steps: kit.MaxSteps}, result)
		if n := len(messages); n != 1+2*kit.MaxSteps {
			c.Errorf("The list should hold the question and, for each of the %d steps, the call and its result: %d "+
				"messages; it holds %d.", kit.MaxSteps, 1+2*kit.MaxSteps, n)
		}
		sameLog(c, "Nothing was redacted and no answer was checked, so the log should be empty:", nil, log)
		if got := len(runs.Runs()); got != kit.MaxSteps {
			c.Errorf("The report tool should run once per step, %s; it ran %s.", checkkit.Times(kit.MaxSteps), checkkit.Times(got))
		}
	})
}

// digits finds runs of digits.
var digits = regexp.MustCompile(`\d+`)

// digitRuns returns the runs of digits in text, in order: "+44 20 7946 0958"
// gives 44, 20, 7946 and 0958.
func digitRuns(text string) []string {
	return digits.FindAllString(text, -1)
}

// loggedDigits returns, for the first trigger of log that holds a run of
// digits from one of items, that trigger and the item; ok is false when no
// trigger does. A run is compared whole: the 20 of +44 20 7946 0958 is not
// found in "uncited figure 48,200".
func loggedDigits(log []Trigger, items []string) (t Trigger, item string, ok bool) {
	for _, t := range log {
		logged := digitRuns(t.Guard + " " + t.Where + " " + t.What)
		for _, item := range items {
			for _, run := range digitRuns(item) {
				if slices.Contains(logged, run) {
					return t, item, true
				}
			}
		}
	}
	return Trigger{}, "", false
}

// noPersonalDataLogged: an answer that repeats personal data (the asker's own
// contact from the question, or a number the model made up) is withheld and
// logged by kind. No digit of a phone or card number, and no digit of an
// e-mail address, reaches the log, not even as an "uncited figure": the
// digits of personal data are not figures. Figures outside it are still
// checked.
func noPersonalDataLogged(c *checkkit.C) {
	type data struct {
		o        office
		question string
		answer   string
		personal []string // the personal data the answer holds
		uncited  []string // the figures outside it that no result backs
		kinds    []string // the kinds of personal data in the answer, in order
	}
	checkkit.Scenarios(c, []checkkit.Data[data]{
		{Name: offices[0].Name, Data: data{offices[0].Data,
			"How many people live in Kessan? Call me back on " + offices[0].Data.asker + ".",
			"Kessan has 48,200 people [c1]. I will call you on " + offices[0].Data.asker +
				"; the fuel was paid with card 4111111111111111, and ops42@relief.example.org has the receipts.",
			[]string{offices[0].Data.asker, "4111111111111111", "ops42@relief.example.org"},
			nil, []string{"phone", "card", "email"}}},
		{Name: offices[1].Name, Data: data{offices[1].Data,
			"How many people live in Aramu? Write to me at " + offices[1].Data.asker + ".",
			"Aramu has 12,750 people [c1], about 40 per shelter. Call the driver on +254 799 123 456 and pay with 5500-0000-0000-0004.",
			[]string{"+254 799 123 456", "5500-0000-0000-0004"},
			[]string{"40"}, []string{"phone", "card"}}},
	}, func(d data) {
		g := runGuarded(c, d.o, d.question, func(lab.Request) string { return d.answer })
		if t, item, ok := loggedDigits(g.log, d.personal); ok {
			c.Errorf("The log holds the digits of personal data: the trigger %q, %q, %q has digits of %s, which the model "+
				"wrote in its answer. A log is read by people who must not see personal data either: the digits of a phone "+
				"number, a card number or an e-mail address are not figures to cite. Take what Redact would replace out of "+
				"the answer before you look for its figures, as you take out the citations; the personal data is logged "+
				"by its kind.", t.Guard, t.Where, t.What, item)
			c.Logf("The answer was: %s\nThe log:\n%s", d.answer, showTriggers(g.log))
			return
		}
		c.Equal(fmt.Sprintf("The answer %q holds personal data, so it is withheld: the caller should get the status %q, "+
			"no text, and the steps the run took.", d.answer, kit.Withheld), Result{Status: kit.Withheld, Steps: 2}, g.result)
		want := d.o.redactions("get_report", d.o.withData)
		for _, fig := range d.uncited {
			want = append(want, Trigger{Guard: kit.OutputGuard, Where: "answer", What: "uncited figure " + fig})
		}
		for _, kind := range d.kinds {
			want = append(want, Trigger{Guard: kit.OutputGuard, Where: "answer", What: kind})
		}
		sameLog(c, "The log should hold the redactions of the report, then one trigger for each figure outside the "+
			"personal data that no result backs, then one for each item of personal data in the answer, by kind:", want, g.log)
		if calls := g.model.Calls(); len(calls) == 2 {
			if leaked := d.o.leaks(lab.RenderRequest(calls[1].System, calls[1].Messages, calls[1].Tools)); len(leaked) > 0 {
				c.Errorf("The second request holds personal data from the report: %s. GuardedChat should hand Chat the "+
					"tools wrapped by RedactTools.", checkkit.List(leaked))
			}
		}
	})
}
