package checks

import (
	"fmt"
	"strings"
	"unicode/utf8"

	"harnesslab/grader/checkkit"
	"harnesslab/lab"
)

// Lab 2: the check on what goes in.

// refusal is a question the input check must refuse, and why.
type refusal struct {
	question string
	shown    string // the question, short enough for a failure message
	reason   string // the error's text
}

func inputRefusedBeforeModel(c *checkkit.C) {
	long := func(s string, n int) string { return strings.Repeat(s, n) }
	tooLong := func(n int) string {
		return fmt.Sprintf("the question is %d characters long; the most this harness sends is %d", n, kit.MaxInput)
	}
	const empty = "the question is empty"
	const card = "the question holds a card number; take it out and ask again"
	checkkit.Scenarios(c, []checkkit.Data[[]refusal]{
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
	}, func(cases []refusal) {
		for _, tc := range cases {
			shown := tc.shown
			if shown == "" {
				shown = fmt.Sprintf("%q", tc.question)
			}
			err := S.CheckInput(tc.question)
			if err == nil {
				c.Errorf("CheckInput(%s) returned nil; it should refuse the question with the error %q.", shown, tc.reason)
				return
			}
			if !c.Equal(fmt.Sprintf("CheckInput(%s) should refuse it with exactly this reason:", shown), tc.reason, err.Error()) &&
				strings.Contains(err.Error(), fmt.Sprint(len(tc.question))) && len(tc.question) != utf8.RuneCountInString(tc.question) {
				c.Advise("len(text) counts bytes, and é or Ш take two bytes each; utf8.RuneCountInString(text) counts characters.")
			}

			before := []lab.Message{lab.User("Hello."), lab.Say("Hello. How can I help?")}
			given := lab.CloneMessages(before)
			model := lab.NewScriptedModel(lab.Always(lab.Say("I should never have been asked.")))
			var runs checkkit.ToolRuns
			tools := runs.Wrap(offices[0].Data.reportTool())
			rec := c.Record("GuardedChat with a question it refuses: " + shown)
			got, result, log := S.GuardedChat(rec.Model(model), given, tc.question, rec.Tools(tools...))
			if model.Asked() != 0 {
				c.Errorf("GuardedChat asked the model %s about the question %s; a refused question is never sent.",
					checkkit.Asked(model), shown)
			}
			c.Equal(fmt.Sprintf("GuardedChat refuses the question %s: it should return status %q and nothing else.",
				shown, kit.Refused), Result{Status: kit.Refused}, result)
			checkkit.SameMessages(c, fmt.Sprintf("GuardedChat refuses the question %s, so it should hand back the list as it "+
				"was given, with nothing added:", shown), before, got, 0)
			sameLog(c, "The refusal should be one trigger in the log:",
				[]Trigger{{Guard: kit.InputGuard, Where: "question", What: tc.reason}}, log)
			checkkit.SameRuns(c, "No tool should run for a refused question:", nil, &runs)
			if c.Failed() {
				return // one question at a time
			}
		}
	})
}

func inputWithinLimitsPasses(c *checkkit.C) {
	type fine struct{ question, shown string }
	checkkit.Scenarios(c, []checkkit.Data[[]fine]{
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
	}, func(cases []fine) {
		for _, tc := range cases {
			shown := tc.shown
			if shown == "" {
				shown = fmt.Sprintf("%q", tc.question)
			}
			if err := S.CheckInput(tc.question); err != nil {
				c.Errorf("CheckInput(%s) refused it with %q; it should return nil. The limit is %d characters, not bytes, "+
					"and only a card number is refused: phone numbers, e-mail addresses and order numbers may be asked about.",
					shown, err.Error(), kit.MaxInput)
				return
			}
		}
	})
}
