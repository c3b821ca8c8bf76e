package checks

import (
	"strings"
	"testing"
	"time"

	"harnesslab/grader/checkkit"
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

// run runs check against the student s and returns its verdict.
func run(t *testing.T, s Student, check checkkit.Check) *checkkit.Verdict {
	t.Helper()
	S = s
	defer func() { S = Student{} }()
	return checkkit.Run(check, time.Minute)
}

func TestLuhnCheckPassesACorrectLuhn(t *testing.T) {
	if v := run(t, Student{Luhn: luhn}, luhnChecksTheDigit); !v.Passed {
		t.Errorf("luhn_checks_the_digit fails a correct Luhn:\n%s", strings.Join(v.Failures, "\n"))
	}
}

func TestLuhnCheckCatchesMistakes(t *testing.T) {
	tests := []struct {
		reason string
		luhn   func(string) bool
		says   string // part of the first failure
	}{
		{"every number passes", func(string) bool { return true }, `Luhn("4111 1111 1111 1112") = true`},
		{"separators are not skipped", func(s string) bool { return !strings.ContainsAny(s, " -") && luhn(s) },
			`Luhn("4111 1111 1111 1111") = false`},
		{"doubling from the left", func(s string) bool {
			// with a 0 after it, an odd count of digits is doubled from the
			// left by the Luhn check, and the 0 adds nothing
			d := strings.NewReplacer(" ", "", "-", "").Replace(s)
			if len(d)%2 == 1 {
				d += "0"
			}
			return luhn(d)
		}, `Luhn("378282246310005") = false`},
	}
	for _, tc := range tests {
		v := run(t, Student{Luhn: tc.luhn}, luhnChecksTheDigit)
		if v.Passed {
			t.Errorf("%s: luhn_checks_the_digit passed", tc.reason)
			continue
		}
		if !strings.Contains(strings.Join(v.Failures, "\n"), tc.says) {
			t.Errorf("%s: the failure should say %q; it says:\n%s", tc.reason, tc.says, strings.Join(v.Failures, "\n"))
		}
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
	want := []Trigger{{Guard: "redact", Where: "get_report", What: "phone"}}
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
	o := offices[0].Data
	leaky := []Trigger{{Guard: "redact", Where: "get_report", What: "phone " + o.personal[0]}}
	if v := checkkit.Run(func(c *checkkit.C) { noLeaks(c, o, leaky) }, time.Minute); v.Passed {
		t.Errorf("noLeaks passed a trigger that holds %s", o.personal[0])
	}
	clean := []Trigger{{Guard: "redact", Where: "get_report", What: "phone"}}
	if v := checkkit.Run(func(c *checkkit.C) { noLeaks(c, o, clean) }, time.Minute); !v.Passed {
		t.Errorf("noLeaks failed a clean trigger: %s", strings.Join(v.Failures, "\n"))
	}
}
