package checks

import (
	"fmt"
	"strings"
	"unicode/utf8"

	"harnesslab/grader/checkkit"
	"harnesslab/grader/checks/08/play"
)

// Lab 2: the check on what goes in.

// refusal is a question the input check must refuse, and why.
type refusal struct {
	question string
	shown    string // the question, short enough for a failure message
	reason   string // the error's text
}

// refusals are the questions input_refused_before_model asks.
var refusals = func() []checkkit.Data[[]refusal] {
	long := func(s string, n int) string { return strings.Repeat(s, n) }
	tooLong := func(n int) string {
		return fmt.Sprintf("the question is %d characters long; the most this harness sends is %d", n, kit.MaxInput)
	}
	const empty = "the question is empty"
	const card = "the question holds a card number; take it out and ask again"
	return []checkkit.Data[[]refusal]{
		{Name: offices[0].Name, Data: []refusal{
			{"", `""`, empty},
			{" \n\t ", `" \n\t "`, empty},
			{long("a", 2001), "2001 times a", tooLong(2001)},
			{long("é", 2400), "2400 times é (2 bytes each)", tooLong(2400)},
			{"Refund card 4111 1111 1111 1111 for the fuel.", "", card},
		}},
		{Name: offices[1].Name, Data: []refusal{
			{"\n", `"\n"`, empty},
			{long("Шелтер ", 300), `300 times "Шелтер " (2,100 characters)`, tooLong(2100)},
			{"Is 5500-0000-0000-0004 the driver's card?", "", card},
		}},
	}
}()

func refusalScenario() any {
	return mapSets(refusals, func(r refusal) play.Question { return play.Question{Text: r.question, Shown: r.shown} })
}

// shownAs is how a failure message shows question.
func shownAs(question, shown string) string {
	if shown == "" {
		return fmt.Sprintf("%q", question)
	}
	return shown
}

func judgeRefusals(c *checkkit.C, yours, ref checkkit.Observed) {
	checkkit.EachScenario(c, refusals, func(k int, cases []refusal) {
		for i, tc := range cases {
			shown := shownAs(tc.question, tc.shown)
			got, want := get[play.Refusal](c, yours, ref, play.Key(k, i))
			if want.Checked.Err != tc.reason || want.Result.Status != kit.Refused || want.Asked != 0 {
				c.KitFatalf("the reference does not refuse %s with %q: it says %q", shown, tc.reason, want.Checked.Err)
			}
			if !got.Checked.Refused {
				c.Errorf("CheckInput(%s) returned nil; it should refuse the question with the error %q.", shown, want.Checked.Err)
				return
			}
			if !c.Equal(fmt.Sprintf("CheckInput(%s) should refuse it with exactly this reason:", shown), want.Checked.Err, got.Checked.Err) &&
				strings.Contains(got.Checked.Err, fmt.Sprint(len(tc.question))) && len(tc.question) != utf8.RuneCountInString(tc.question) {
				c.Advise("len(text) counts bytes, and é or Ш take two bytes each; utf8.RuneCountInString(text) counts characters.")
			}
			if got.Asked != 0 {
				c.Errorf("GuardedChat asked the model %s about the question %s; a refused question is never sent.",
					checkkit.Times(got.Asked), shown)
			}
			c.Equal(fmt.Sprintf("GuardedChat refuses the question %s: it should return status %q and nothing else.",
				shown, kit.Refused), want.Result, got.Result)
			checkkit.SameMessages(c, fmt.Sprintf("GuardedChat refuses the question %s, so it should hand back the list as it "+
				"was given, with nothing added:", shown), want.Messages, got.Messages, 0)
			sameLog(c, "The refusal should be one trigger in the log:", want.Log, got.Log)
			if len(got.Runs) > 0 {
				c.Errorf("No tool should run for a refused question:\n  expected runs: no runs at all\n  got runs:      %s",
					checkkit.Commas(got.Runs))
			}
			if c.Failed() {
				return // one question at a time
			}
		}
	})
}

// fine is a question the input check lets through.
type fine struct{ question, shown string }

// fines are the questions input_within_limits_passes asks.
var fines = []checkkit.Data[[]fine]{
	{Name: "questions at the limit", Data: []fine{
		{strings.Repeat("a", 2000), "2000 times a"},
		{strings.Repeat("é", 2000), "2000 times é (4,000 bytes)"},
		{strings.Repeat("Шелтер ", 285) + "Шелте", `"Шелтер " 285 times, then "Шелте" (2,000 characters, 3,715 bytes)`},
		{"?", ""},
	}},
	{Name: "questions with numbers and contacts", Data: []fine{
		{"Call me on +44 20 7946 0958 or write to amina.yusuf@example.org with the total.", ""},
		{"Where is order 2026 8482 9493 3634, shipped on 2026-03-15?", ""},
		{"How many people live in Tamsi?", ""},
		{strings.Repeat("ы", 1999) + " ", `1999 times ы and a space`},
	}},
}

func fineScenario() any {
	return mapSets(fines, func(f fine) play.Question { return play.Question{Text: f.question, Shown: f.shown} })
}

func judgeFine(c *checkkit.C, yours, ref checkkit.Observed) {
	checkkit.EachScenario(c, fines, func(k int, cases []fine) {
		for i, tc := range cases {
			shown := shownAs(tc.question, tc.shown)
			got, want := get[play.Checked](c, yours, ref, play.Key(k, i))
			if want.Refused {
				c.KitFatalf("the reference refuses %s with %q", shown, want.Err)
			}
			if got.Refused {
				c.Errorf("CheckInput(%s) refused it with %q; it should return nil. The limit is %d characters, not bytes, "+
					"and only a card number is refused: phone numbers, e-mail addresses and order numbers may be asked about.",
					shown, got.Err, kit.MaxInput)
				return
			}
		}
	})
}
