package checks

import (
	"regexp"
	"strings"
	"testing"
	"unicode/utf8"

	"harnesslab/grader/checkkit"
	"harnesslab/grader/checks/08/play"
)

// cardRun finds runs of 13 to 19 digits, single spaces or hyphens between
// them, as the lesson's card numbers are written.
var cardRun = regexp.MustCompile(`\b\d(?:[ -]?\d){12,18}\b`)

// holdsCard reports whether text holds a run of digits that passes luhn.
func holdsCard(text string) bool {
	for _, run := range cardRun.FindAllString(text, -1) {
		if luhn(run) {
			return true
		}
	}
	return false
}

// TestGeneratedRunsMeetTheRules proves the generated cases of lab 2 hold
// the meetings of rules issue 18 names: a card number in a question past the
// limit, one under it, a question of nothing but whitespace, an answer with
// an e-mail address and a figure, and text of several bytes a character.
func TestGeneratedRunsMeetTheRules(t *testing.T) {
	var longCard, shortCard, blank, emailFigure, multibyte int
	for _, set := range generatedRuns().([]checkkit.Data[[]play.Generated]) {
		for _, g := range set.Data {
			n := utf8.RuneCountInString(g.Question)
			switch {
			case n > kit.MaxInput && holdsCard(g.Question):
				longCard++
			case n <= kit.MaxInput && holdsCard(g.Question):
				shortCard++
			case strings.TrimSpace(g.Question) == "":
				blank++
			}
			if strings.Contains(g.Answer, "@") && digits.MatchString(g.Answer) {
				emailFigure++
			}
			if len(g.Question) > n {
				multibyte++
			}
		}
	}
	for what, n := range map[string]int{"an over-long question with a card number": longCard,
		"a question within the limit with a card number": shortCard, "a blank question": blank,
		"an answer with an e-mail address and a figure": emailFigure, "a question with multi-byte characters": multibyte} {
		if n == 0 {
			t.Errorf("no generated case holds %s", what)
		}
	}
}

// TestGeneratedPiecesHoldShortRuns proves the generated numbers for Luhn
// hold short runs of digits that pass and characters outside 0-9.
func TestGeneratedPiecesHoldShortRuns(t *testing.T) {
	var shortPass, foreign int
	for _, set := range generatedPieces().([]checkkit.Data[[]play.Piece]) {
		for _, p := range set.Data {
			d := strings.NewReplacer(" ", "", "-", "").Replace(p.Number)
			if len(d) >= 2 && len(d) <= 3 && luhn(p.Number) {
				shortPass++
			}
			if strings.ContainsAny(p.Number, "a.٣:/é") {
				foreign++
			}
		}
	}
	if shortPass == 0 || foreign == 0 {
		t.Errorf("the generated numbers hold %d short runs that pass Luhn and %d with characters outside 0-9; both should be there",
			shortPass, foreign)
	}
}
