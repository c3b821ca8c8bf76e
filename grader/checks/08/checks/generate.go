package checks

import (
	"fmt"
	"slices"
	"strings"
	"unicode/utf8"

	"pgregory.net/rapid"

	"harnesslab/grader/checkkit"
	"harnesslab/grader/checks/08/play"
	"harnesslab/lab"
)

// Generated cases: the lesson's rules combined in ways no hand-written case
// holds (a card number in an over-long question, an uncited figure beside an
// e-mail address, text in several scripts, mixed case, pieces of nothing but
// whitespace, short runs of digits and characters that are not 0-9). Each is
// made from a fixed seed, so every run hands out the same cases, and they are
// played smallest first, so the first difference reported is the smallest.

// Generated counts: how many cases each check generates, in two data sets.
const (
	generatedPieceCount = 400
	generatedRunCount   = 60
)

// cardGen generates a number of 13 to 19 digits whose last digit passes the
// Luhn check, or, one time in three, fails it.
var cardGen = rapid.Custom(func(t *rapid.T) string {
	n := rapid.IntRange(13, 19).Draw(t, "digits")
	d := make([]int, n)
	for i := range n - 1 {
		d[i] = rapid.IntRange(0, 9).Draw(t, "digit")
	}
	sum := 0
	for i := n - 2; i >= 0; i-- {
		x := d[i]
		if (n-1-i)%2 == 1 {
			if x *= 2; x > 9 {
				x -= 9
			}
		}
		sum += x
	}
	d[n-1] = (10 - sum%10) % 10
	if rapid.IntRange(0, 2).Draw(t, "wrong") == 0 {
		d[n-1] = (d[n-1] + rapid.IntRange(1, 9).Draw(t, "off")) % 10
	}
	sep := rapid.SampledFrom([]string{"", " ", "-"}).Draw(t, "separator")
	var b strings.Builder
	for i, x := range d {
		if i > 0 && i%4 == 0 {
			b.WriteString(sep)
		}
		fmt.Fprint(&b, x)
	}
	return b.String()
})

// numberGen generates what Luhn is handed: a card number, one with a
// character changed, or a short run of digits, separators and characters
// outside 0-9 (letters, dots, digits of other scripts).
var numberGen = rapid.Custom(func(t *rapid.T) string {
	switch rapid.IntRange(0, 3).Draw(t, "shape") {
	case 0:
		return cardGen.Draw(t, "card")
	case 1:
		r := []rune(cardGen.Draw(t, "card"))
		r[rapid.IntRange(0, len(r)-1).Draw(t, "at")] = rapid.SampledFrom([]rune("a./٣é ")).Draw(t, "with")
		return string(r)
	}
	n := rapid.IntRange(0, 6).Draw(t, "length")
	var b strings.Builder
	for range n {
		b.WriteRune(rapid.SampledFrom([]rune("0123456789059 -- a٣.:/")).Draw(t, "char"))
	}
	return b.String()
})

// pieceGen generates one piece of a text: words in several scripts and
// cases, whitespace, figures, citations, e-mail addresses, phone numbers in
// international form, and card numbers that pass or fail the Luhn check.
var pieceGen = rapid.Custom(func(t *rapid.T) string {
	switch rapid.IntRange(0, 11).Draw(t, "kind") {
	case 0:
		return rapid.SampledFrom([]string{"Kessan", "people", "Шелтер", "ÉCOLE", "日報", "households", "ORD-2026"}).Draw(t, "word")
	case 1:
		return rapid.SampledFrom([]string{" ", "  ", "\t", "\n", " \u00a0"}).Draw(t, "space")
	case 2, 3:
		f := fmt.Sprint(rapid.IntRange(0, 99999).Draw(t, "figure"))
		if rapid.Bool().Draw(t, "decimal") {
			f += rapid.SampledFrom([]string{".5", ",200", ".25"}).Draw(t, "fraction")
		}
		return f
	case 4:
		return rapid.SampledFrom([]string{"[c1]", "[c2]", "[C1]", "[c9]", "[c1 ]"}).Draw(t, "citation")
	case 5:
		return rapid.SampledFrom([]string{"amina.yusuf@example.org", "Amina.Yusuf@Example.ORG", "ops42@relief.example.org",
			"j.otieno@aramu.example.net", "x@y.z"}).Draw(t, "email")
	case 6:
		return rapid.SampledFrom([]string{"+44 20 7946 0958", "+254-712-345-678", "+33 1 99 00 12 34", "+12", "+447700900123"}).Draw(t, "phone")
	case 7, 8:
		return cardGen.Draw(t, "card")
	case 9:
		return rapid.SampledFrom([]string{"2026-03-15", "10:45", "v1.22.3", "37.5%", "0555 014 7"}).Draw(t, "near miss")
	default:
		return rapid.SampledFrom([]string{".", ",", ";", ":", "(", ")", "é"}).Draw(t, "mark")
	}
})

// textGen generates a text of up to 12 pieces, each one after a space or
// touching the one before.
var textGen = rapid.Custom(func(t *rapid.T) string {
	n := rapid.IntRange(0, 12).Draw(t, "pieces")
	var b strings.Builder
	for i := range n {
		if i > 0 && rapid.IntRange(0, 3).Draw(t, "touch") > 0 {
			b.WriteString(" ")
		}
		b.WriteString(pieceGen.Draw(t, "piece"))
	}
	return b.String()
})

// questionGen generates a question: a text, and one time in three padded with
// a character of one or two bytes, or a space, to just under, at or just
// over the 2000-character limit.
var questionGen = rapid.Custom(func(t *rapid.T) string {
	q := textGen.Draw(t, "text")
	if rapid.IntRange(0, 2).Draw(t, "long") == 0 {
		pad := rapid.SampledFrom([]string{"a", "é", "Ш", " "}).Draw(t, "pad")
		n := kit.MaxInput - utf8.RuneCountInString(q) + rapid.IntRange(-2, 2).Draw(t, "over")
		if n > 0 {
			q = strings.Repeat(pad, n) + q
		}
	}
	return q
})

// generatedPieces is two data sets of generated numbers and texts for Luhn
// and Redact.
func generatedPieces() any {
	var all []play.Piece
	for seed := range generatedPieceCount {
		all = append(all, play.Piece{Number: numberGen.Example(seed), Text: textGen.Example(seed)})
	}
	size := func(p play.Piece) int { return len(p.Number) + len(p.Text) }
	slices.SortStableFunc(all, func(a, b play.Piece) int { return size(a) - size(b) })
	return checkkit.Generated(all, "cases")
}

func judgeGeneratedPieces(c *checkkit.C, yours, ref checkkit.Observed) {
	sets := generatedPieces().([]checkkit.Data[[]play.Piece])
	checkkit.EachScenario(c, sets, func(k int, cases []play.Piece) {
		for i, p := range cases {
			got, want := get[play.Pieced](c, yours, ref, play.Key(k, i))
			if got.Luhn != want.Luhn {
				verdict := "pass"
				if !want.Luhn {
					verdict = "fail"
				}
				c.Errorf("Luhn(%q) = %v; it should %s. Only spaces and hyphens are skipped; any other character fails, "+
					"and so do fewer than two digits.", p.Number, got.Luhn, verdict)
				return
			}
			if !c.Equal(fmt.Sprintf("Redact(%q) should give the text with each item replaced by its mark:", p.Text),
				want.Redacted.Clean, got.Redacted.Clean) ||
				!c.Equal(fmt.Sprintf("Redact(%q) should name the kind of each item it replaced, in the order they appear in the text:",
					p.Text), want.Redacted.Found, got.Redacted.Found, checkkit.AsSent...) {
				return
			}
		}
	})
}

// runGen generates a case of lab 2: a question, a report holding figures
// and personal data, and an answer made of pieces of the report, citations
// and pieces of its own.
var runGen = rapid.Custom(func(t *rapid.T) play.Generated {
	report := textGen.Draw(t, "report")
	figs := figureWords.FindAllString(report, -1)
	n := rapid.IntRange(0, 8).Draw(t, "answer pieces")
	var b strings.Builder
	for i := range n {
		if i > 0 && rapid.IntRange(0, 3).Draw(t, "touch") > 0 {
			b.WriteString(" ")
		}
		switch {
		case len(figs) > 0 && rapid.IntRange(0, 2).Draw(t, "from report") == 0:
			b.WriteString(rapid.SampledFrom(figs).Draw(t, "figure"))
		default:
			b.WriteString(pieceGen.Draw(t, "piece"))
		}
	}
	answer := b.String()
	sources := []lab.Message{lab.User("Draft the situation report."),
		lab.Reply(play.Call("R1", "c1"), play.Call("R9", "c2")),
		checkkit.Result("c1", "get_report", report),
		checkkit.ErrorResult("c2", "get_report", "Error: no report called R9; "+textGen.Draw(t, "error"))}
	return play.Generated{Question: questionGen.Draw(t, "question"), Answer: answer, Report: report, Sources: sources}
})

// figureWords finds what an answer may copy from a report to cite.
var figureWords = digits

// generatedRuns is two data sets of generated cases of lab 2.
func generatedRuns() any {
	var all []play.Generated
	for seed := range generatedRunCount {
		all = append(all, runGen.Example(seed))
	}
	size := func(g play.Generated) int { return len(g.Question) + len(g.Answer) + len(g.Report) }
	slices.SortStableFunc(all, func(a, b play.Generated) int { return size(a) - size(b) })
	for i := range all {
		all[i].What = fmt.Sprintf("Generated case %d (a question of %s)", i+1,
			checkkit.Plural(utf8.RuneCountInString(all[i].Question), "character"))
	}
	return checkkit.Generated(all, "cases")
}

func judgeGeneratedRuns(c *checkkit.C, yours, ref checkkit.Observed) {
	sets := generatedRuns().([]checkkit.Data[[]play.Generated])
	checkkit.EachScenario(c, sets, func(k int, cases []play.Generated) {
		for i, g := range cases {
			got, want := get[play.GeneratedRun](c, yours, ref, play.Key(k, i))
			q := shortQuestion(g.Question)
			if got.Checked != want.Checked {
				c.Errorf("%s: CheckInput(%s) should return %s; it returned %s.", g.What, q, errWords(want.Checked), errWords(got.Checked))
				return
			}
			if !c.Equal(fmt.Sprintf("%s: UncitedFigures(%q) should name exactly the figures no result backs, in order:",
				g.What, g.Answer), want.Cited, got.Cited, checkkit.AsSent...) {
				checkkit.LogConversation(c, "the results it could cite", g.Sources)
				return
			}
			if !c.Equal(fmt.Sprintf("%s: GuardedChat(%s), with the report %q and the answer %q, should end as the lesson says:",
				g.What, q, g.Report, g.Answer), want.Run.Result, got.Run.Result) ||
				!sameLog(c, fmt.Sprintf("%s: the log of GuardedChat(%s), with the report %q and the answer %q:",
					g.What, q, g.Report, g.Answer), want.Run.Log, got.Run.Log) {
				return
			}
			checkkit.SameMessages(c, g.What+": the list GuardedChat returns:", want.Run.Messages, got.Run.Messages, 0)
			if c.Failed() {
				return
			}
		}
	})
}

// shortQuestion shows a question in a failure message: whole when short, by
// its length and ends when long.
func shortQuestion(q string) string {
	n := utf8.RuneCountInString(q)
	if n <= 120 {
		return fmt.Sprintf("%q", q)
	}
	r := []rune(q)
	return fmt.Sprintf("a question of %d characters (%d bytes), %q … %q", n, len(q), string(r[:20]), string(r[n-60:]))
}

// errWords says what CheckInput returned.
func errWords(ch play.Checked) string {
	if !ch.Refused {
		return "nil"
	}
	return fmt.Sprintf("the error %q", ch.Err)
}
