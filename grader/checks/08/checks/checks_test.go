package checks

import (
	"encoding/json"
	"strings"
	"testing"
	"time"

	"harnesslab/grader/checkkit"
	"harnesslab/grader/checks/08/play"
)

// luhn is the Luhn check written independently of the lesson's solution:
// a table of doubled digits, walked from the right.
func luhn(number string) bool {
	doubled := [10]int{0, 2, 4, 6, 8, 1, 3, 5, 7, 9}
	sum, n := 0, 0
	for i := len(number) - 1; i >= 0; i-- {
		c := number[i]
		switch {
		case c == ' ' || c == '-':
			continue
		case c < '0' || c > '9':
			return false
		case n%2 == 1:
			sum += doubled[c-'0']
		default:
			sum += int(c - '0')
		}
		n++
	}
	return n >= 2 && sum%10 == 0
}

// luhnPlays returns what a play of luhn_checks_the_digit records with luhn.
func luhnPlays(t *testing.T, luhn func(string) bool) checkkit.Observed {
	t.Helper()
	o := checkkit.Observed{}
	for k, set := range luhnCases {
		for i, tc := range set.Data {
			data, err := json.Marshal(luhn(tc.number))
			if err != nil {
				t.Fatal(err)
			}
			o[play.Key(k, i)] = data
		}
	}
	return o
}

func TestLuhnJudgementPassesACorrectLuhn(t *testing.T) {
	ref := luhnPlays(t, luhn)
	if v := checkkit.Run(func(c *checkkit.C) { judgeLuhn(c, ref, ref) }, time.Minute); !v.Passed {
		t.Errorf("luhn_checks_the_digit fails a correct Luhn:\n%s", strings.Join(v.Failures, "\n"))
	}
}

func TestLuhnJudgementCatchesMistakes(t *testing.T) {
	tests := []struct {
		reason string
		luhn   func(string) bool
		says   string // part of the first failure
	}{
		{"every number passes", func(string) bool { return true }, `Luhn("4111 1111 1111 1112") = true`},
		{"separators are not skipped", func(s string) bool { return !strings.ContainsAny(s, " -") && luhn(s) },
			`Luhn("4111 1111 1111 1111") = false`},
	}
	ref := luhnPlays(t, luhn)
	for _, tc := range tests {
		yours := luhnPlays(t, tc.luhn)
		v := checkkit.Run(func(c *checkkit.C) { judgeLuhn(c, yours, ref) }, time.Minute)
		if v.Passed {
			t.Errorf("%s: luhn_checks_the_digit passed", tc.reason)
			continue
		}
		if !strings.Contains(strings.Join(v.Failures, "\n"), tc.says) {
			t.Errorf("%s: the failure should say %q; it says:\n%s", tc.reason, tc.says, strings.Join(v.Failures, "\n"))
		}
	}
}

// TestGeneratedCardsAreBothKinds proves the generator of card numbers: most
// pass the independent luhn, and a good share fail it.
func TestGeneratedCardsAreBothKinds(t *testing.T) {
	pass, fail := 0, 0
	for seed := range 200 {
		if luhn(cardGen.Example(seed)) {
			pass++
		} else {
			fail++
		}
	}
	if pass < 100 || fail < 30 {
		t.Errorf("of 200 generated card numbers, %d pass Luhn and %d fail; both kinds should be common", pass, fail)
	}
}

// TestCorpusOfTheChecksAgreesWithLuhn proves the checks' own data: every
// number the redaction checks call a card passes Luhn, and every near miss
// that looks like one fails it.
func TestCorpusOfTheChecksAgreesWithLuhn(t *testing.T) {
	for _, card := range []string{"4111 1111 1111 1111", "5500-0000-0000-0004", "378282246310005"} {
		if !luhn(card) {
			t.Errorf("%s is used as a card number but fails Luhn", card)
		}
	}
	for _, miss := range []string{"2026 8482 9493 3634", "7000 2069 3195 7494", "978-0-306-40615-7"} {
		if luhn(miss) {
			t.Errorf("%s is used as a near miss but passes Luhn", miss)
		}
	}
}

func TestSameLogSaysBothLogs(t *testing.T) {
	want := []play.Trigger{{Guard: "redact", Where: "get_report", What: "phone"}}
	v := checkkit.Run(func(c *checkkit.C) { sameLog(c, "The log:", want, nil) }, time.Minute)
	if v.Passed {
		t.Fatal("sameLog passed an empty log against one trigger")
	}
	got := strings.Join(v.Failures, "\n")
	for _, part := range []string{`guard "redact", where "get_report", what "phone"`, "(the log is empty)"} {
		if !strings.Contains(got, part) {
			t.Errorf("the failure should show %q; it says:\n%s", part, got)
		}
	}
	if v := checkkit.Run(func(c *checkkit.C) { sameLog(c, "The log:", want, want) }, time.Minute); !v.Passed {
		t.Errorf("sameLog failed two equal logs: %s", strings.Join(v.Failures, "\n"))
	}
}

func TestNoLeaksFindsPersonalDataInTheLog(t *testing.T) {
	o := offices[0].Data.Office
	leaky := []play.Trigger{{Guard: "redact", Where: "get_report", What: "phone " + o.Personal[0]}}
	if v := checkkit.Run(func(c *checkkit.C) { noLeaks(c, o, leaky) }, time.Minute); v.Passed {
		t.Errorf("noLeaks passed a trigger that holds %s", o.Personal[0])
	}
	clean := []play.Trigger{{Guard: "redact", Where: "get_report", What: "phone"}}
	if v := checkkit.Run(func(c *checkkit.C) { noLeaks(c, o, clean) }, time.Minute); !v.Passed {
		t.Errorf("noLeaks failed a clean trigger: %s", strings.Join(v.Failures, "\n"))
	}
}
