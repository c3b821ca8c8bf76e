package checks

import (
	"fmt"
	"regexp"
	"slices"

	"harnesslab/grader/checkkit"
	"harnesslab/grader/checks/08/play"
)

// Lab 2: the guarded run, end to end.

// guardedCase is one GuardedChat run (play.Guarded) with the kit's word on
// it: the figures no result backs, the kinds of personal data in the answer,
// and the personal data the answer repeats.
type guardedCase struct {
	play.Guarded
	o        office
	uncited  []string
	kinds    []string
	personal []string
}

// guardedScenario is cases as the player is handed them.
func guardedScenario(cases []checkkit.Data[guardedCase]) any {
	return mapData(cases, func(g guardedCase) play.Guarded { return g.Guarded })
}

// kitLog is the log the kit expects of a guarded run of g that answers: the
// redactions of the report, each uncited figure, then each kind of personal
// data in the answer.
func (g guardedCase) kitLog() []play.Trigger {
	want := g.o.redactions("get_report", g.o.WithData)
	for _, fig := range g.uncited {
		want = append(want, play.Trigger{Guard: kit.OutputGuard, Where: "answer", What: "uncited figure " + fig})
	}
	for _, kind := range g.kinds {
		want = append(want, play.Trigger{Guard: kit.OutputGuard, Where: "answer", What: kind})
	}
	return want
}

// guardedRuns decodes the two plays of run k, and stops the check as the
// kit's fault when the reference's log is not the one the kit expects.
func guardedRuns(c *checkkit.C, yours, ref checkkit.Observed, k int, g guardedCase) (got, want play.GuardedRun) {
	got, want = get[play.GuardedRun](c, yours, ref, play.RunKey(k))
	if len(checkkit.Differences(g.kitLog(), want.Log, checkkit.AsSent...)) > 0 {
		c.KitFatalf("the reference's log of run %d is not the kit's:\n%s", k+1, showTriggers(want.Log))
	}
	return got, want
}

// sameRecord records a failure unless the guarded run's list is the whole
// conversation, as the reference's is: question, call, redacted result, and
// the model's answer, whatever became of it.
func sameRecord(c *checkkit.C, got, want play.GuardedRun) {
	checkkit.SameMessages(c, "The list GuardedChat returns is the record of the run: the question, the call, the redacted "+
		"result and the model's answer, even when the caller does not get that answer:", want.Messages, got.Messages, 0)
	if len(got.Requests) != len(want.Requests) {
		c.Errorf("The model should be asked %s; it was asked %s.", checkkit.Times(len(want.Requests)), checkkit.Times(len(got.Requests)))
	}
	checkkit.SameToolRuns(c, "The report tool should run once:", want.Runs, toolRuns(got.Runs))
}

// noLeakInRequest records a failure when the second request shows personal
// data from the report.
func noLeakInRequest(c *checkkit.C, o play.Office, got play.GuardedRun) {
	if len(got.Requests) == 2 {
		if leaked := leaksOf(o, got.Requests[1]); len(leaked) > 0 {
			c.Errorf("The second request holds personal data from the report: %s. GuardedChat should hand Chat the "+
				"tools wrapped by RedactTools.", checkkit.List(leaked))
		}
	}
}

// affected asks how many people are affected, answered by answer.
func affected(o office, answer string, uncited []string) guardedCase {
	return guardedCase{Guarded: play.Guarded{Office: o.Office, Question: "How many people are affected in " + o.District + "?",
		Answer: answer}, o: o, uncited: uncited}
}

var uncitedRuns = []checkkit.Data[guardedCase]{
	{Name: offices[0].Name, Data: affected(offices[0].Data, "Kessan has 48,200 people [c1] and 5,000 displaced [c1].", []string{"5,000"})},
	{Name: offices[1].Name, Data: affected(offices[1].Data, "Aramu has 12,750 people, about 40 per shelter.", []string{"12,750", "40"})},
}

func uncitedAnswers() any { return guardedScenario(uncitedRuns) }

func judgeUncitedAnswer(c *checkkit.C, yours, ref checkkit.Observed) {
	checkkit.EachScenario(c, uncitedRuns, func(k int, d guardedCase) {
		got, want := guardedRuns(c, yours, ref, k, d)
		c.Equal(fmt.Sprintf("The answer %q has figures no result backs (%s), so it is withheld: the caller should get the "+
			"status %q, no text, and the steps the run took.", d.Answer, checkkit.List(d.uncited), kit.Withheld),
			want.Result, got.Result)
		sameRecord(c, got, want)
		sameLog(c, "The log should hold the redactions of the report, then one trigger for each uncited figure:", want.Log, got.Log)
	})
}

// who asks whom to ask, answered by answer.
func who(o office, answer string, kinds ...string) guardedCase {
	return guardedCase{Guarded: play.Guarded{Office: o.Office, Question: "Who should I ask about " + o.District + "?",
		Answer: answer}, o: o, kinds: kinds}
}

var personalRuns = []checkkit.Data[guardedCase]{
	{Name: offices[0].Name, Data: who(offices[0].Data, "Write to amina.yusuf@example.org for the figures.", "email")},
	{Name: offices[1].Name, Data: who(offices[1].Data, "Ask j.otieno@aramu.example.net, or ops@relief.example.org.", "email", "email")},
}

func personalAnswers() any { return guardedScenario(personalRuns) }

func judgePersonalAnswer(c *checkkit.C, yours, ref checkkit.Observed) {
	checkkit.EachScenario(c, personalRuns, func(k int, d guardedCase) {
		got, want := guardedRuns(c, yours, ref, k, d)
		c.Equal(fmt.Sprintf("The answer %q holds personal data, so it is withheld: the caller should get the status %q, "+
			"no text, and the steps the run took.", d.Answer, kit.Withheld), want.Result, got.Result)
		sameRecord(c, got, want)
		if sameLog(c, "The log should hold the redactions of the report, then one trigger for each item of personal "+
			"data in the answer, by kind:", want.Log, got.Log) {
			noLeaks(c, d.o.Office, got.Log)
		}
	})
}

// answering is the run of guarded_run_answers: the question holds the
// asker's own contact, and the model repeats the contact it read in the
// report, or says it was redacted.
func answering(o office) guardedCase {
	return guardedCase{Guarded: play.Guarded{Office: o.Office,
		Question: "How many people live in " + o.District + ", and how do I reach the office? You can reach me at " + o.Asker + ".",
		Answer:   o.District + " has " + o.People + " people [c1]. The report's contacts were redacted before I read them.",
		Echo:     o.District + " has " + o.People + " people [c1]. The contact in the report reads: "}, o: o}
}

var answeringRuns = mapData(offices, answering)

func answeringScenario() any { return guardedScenario(answeringRuns) }

func judgeGuardedAnswers(c *checkkit.C, yours, ref checkkit.Observed) {
	checkkit.EachScenario(c, answeringRuns, func(k int, d guardedCase) {
		got, want := guardedRuns(c, yours, ref, k, d)
		if want.Result.Status != kit.Answered || len(want.Requests) != 2 {
			c.KitFatalf("the reference's run ends %q after %d requests", want.Result.Status, len(want.Requests))
		}
		if len(got.Requests) > 0 {
			checkkit.SameMessages(c, fmt.Sprintf("The question passes the input check, so the first request should carry it "+
				"exactly as it was asked, %s included: the input check refuses a question or lets it through, it never "+
				"edits it, and only tool results are redacted.", d.o.Asker), want.Requests[0].Messages, got.Requests[0].Messages, 0)
		}
		c.Equal("The model read the report redacted and answered with a figure it cites, so the caller should get the answer:",
			want.Result, got.Result)
		sameRecord(c, got, want)
		sameLog(c, "The log should hold exactly the redactions of the report:", want.Log, got.Log)
		noLeakInRequest(c, d.o.Office, got)
		if c.Failed() {
			checkkit.LogConversation(c, "the list GuardedChat returned", got.Messages)
		}
	})
}

func judgeGaveUp(c *checkkit.C, yours, ref checkkit.Observed) {
	checkkit.EachScenario(c, offices, func(k int, o office) {
		got, want := get[play.GuardedRun](c, yours, ref, play.RunKey(k))
		if want.Result != (play.Result{Status: kit.GaveUp, Steps: kit.MaxSteps}) || len(want.Log) > 0 {
			c.KitFatalf("the reference's run ends %+v with %d triggers", want.Result, len(want.Log))
		}
		c.Equal(fmt.Sprintf("A model that still asks for tools after %d steps makes the run give up, and GuardedChat "+
			"should report it as Chat does: nothing was answered, so nothing is withheld.", kit.MaxSteps),
			want.Result, got.Result)
		if n, m := len(got.Messages), len(want.Messages); n != m {
			c.Errorf("The list should hold the question and, for each of the %d steps, the call and its result: %d "+
				"messages; it holds %d.", kit.MaxSteps, m, n)
		} else {
			checkkit.SameMessages(c, "The list should hold the question and, for each step, the call and its result:",
				want.Messages, got.Messages, 0)
		}
		sameLog(c, "Nothing was redacted and no answer was checked, so the log should be empty:", want.Log, got.Log)
		if n, m := len(got.Runs), len(want.Runs); n != m {
			c.Errorf("The report tool should run once per step, %s; it ran %s.", checkkit.Times(m), checkkit.Times(n))
		} else {
			checkkit.SameToolRuns(c, "The report tool should run once per step, as the model asked:", want.Runs, toolRuns(got.Runs))
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
func loggedDigits(log []play.Trigger, items []string) (t play.Trigger, item string, ok bool) {
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
	return play.Trigger{}, "", false
}

// leakyRuns: an answer that repeats personal data (the asker's own contact
// from the question, or a number the model made up) is withheld and logged
// by kind. No digit of a phone or card number, and no digit of an e-mail
// address, reaches the log, not even as an "uncited figure": the digits of
// personal data are not figures. Figures outside it are still checked.
var leakyRuns = func() []checkkit.Data[guardedCase] {
	k, a := offices[0].Data, offices[1].Data
	return []checkkit.Data[guardedCase]{
		{Name: offices[0].Name, Data: guardedCase{Guarded: play.Guarded{Office: k.Office,
			Question: "How many people live in Kessan? Call me back on " + k.Asker + ".",
			Answer: "Kessan has 48,200 people [c1]. I will call you on " + k.Asker +
				"; the fuel was paid with card 4111111111111111, and ops42@relief.example.org has the receipts."}, o: k,
			personal: []string{k.Asker, "4111111111111111", "ops42@relief.example.org"},
			kinds:    []string{"phone", "card", "email"}}},
		{Name: offices[1].Name, Data: guardedCase{Guarded: play.Guarded{Office: a.Office,
			Question: "How many people live in Aramu? Write to me at " + a.Asker + ".",
			Answer:   "Aramu has 12,750 people [c1], about 40 per shelter. Call the driver on +254 799 123 456 and pay with 5500-0000-0000-0004."}, o: a,
			personal: []string{"+254 799 123 456", "5500-0000-0000-0004"},
			uncited:  []string{"40"}, kinds: []string{"phone", "card"}}},
	}
}()

func leakyAnswers() any { return guardedScenario(leakyRuns) }

func judgeNoPersonalDataLogged(c *checkkit.C, yours, ref checkkit.Observed) {
	checkkit.EachScenario(c, leakyRuns, func(k int, d guardedCase) {
		got, want := guardedRuns(c, yours, ref, k, d)
		if t, item, ok := loggedDigits(got.Log, d.personal); ok {
			c.Errorf("The log holds the digits of personal data: the trigger %q, %q, %q has digits of %s, which the model "+
				"wrote in its answer. A log is read by people who must not see personal data either: the digits of a phone "+
				"number, a card number or an e-mail address are not figures to cite. Take what Redact would replace out of "+
				"the answer before you look for its figures, as you take out the citations; the personal data is logged "+
				"by its kind.", t.Guard, t.Where, t.What, item)
			c.Logf("The answer was: %s\nThe log:\n%s", d.Answer, showTriggers(got.Log))
			return
		}
		c.Equal(fmt.Sprintf("The answer %q holds personal data, so it is withheld: the caller should get the status %q, "+
			"no text, and the steps the run took.", d.Answer, kit.Withheld), want.Result, got.Result)
		sameLog(c, "The log should hold the redactions of the report, then one trigger for each figure outside the "+
			"personal data that no result backs, then one for each item of personal data in the answer, by kind:", want.Log, got.Log)
		noLeakInRequest(c, d.o.Office, got)
	})
}
