package checks

import (
	"fmt"

	"harnesslab/grader/checkkit"
	"harnesslab/grader/checks/08/play"
)

// Lab 1: the pieces that find personal data in a text.

// luhnCase is one number and whether it passes the Luhn check.
type luhnCase struct {
	number string
	valid  bool
	why    string // what makes it a good test, in words
}

// luhnCases are the numbers luhn_checks_the_digit hands to Luhn.
var luhnCases = []checkkit.Data[[]luhnCase]{
	{Name: "test card numbers", Data: []luhnCase{
		{"4111 1111 1111 1111", true, "16 digits in groups of four, with spaces"},
		{"5500-0000-0000-0004", true, "16 digits with hyphens"},
		{"378282246310005", true, "15 digits: counting from the left puts the doubled digits in the wrong places"},
		{"4222222222222", true, "13 digits"},
		{"8592132379645965861", true, "19 digits"},
		{"4111 1111 1111 1112", false, "the last digit is off by one"},
		{"678698198463464", false, "it passes only if the doubling starts from the left"},
		{"3561280619205798", false, "it passes only if a doubled digit over 9 keeps its 9"},
		{"4111a1111 1111 1111", false, "a letter is not a digit, and not a separator either"},
		{"0", false, "one digit is not a number to check"},
		{" 0", false, "a space and one digit: with the separators skipped, one digit is left, too few to check"},
		{"", false, "an empty text has no digits at all"},
	}},
	{Name: "other numbers", Data: []luhnCase{
		{"4012 8888 8888 1881", true, "16 digits with spaces"},
		{"371449635398431", true, "15 digits"},
		{"6011-1111-1111-1117", true, "16 digits with hyphens"},
		{"7185133742078", false, "13 digits that pass only if the doubling starts from the left"},
		{"1232146166823601", false, "it passes only if a doubled digit over 9 keeps its 9"},
		{"2026 8482 9493 3634", false, "an order number, 16 digits that fail the check"},
		{"4012.8888.8888.1881", false, "dots are not among the separators Luhn skips"},
		{"7", false, "one digit"},
		{"0-", false, "one digit and a hyphen: count the digits left once the separators are skipped, not the characters"},
		{"--0", false, "two hyphens and one digit: one digit is left once the separators are skipped"},
	}},
}

func luhnNumbers() any {
	return mapSets(luhnCases, func(tc luhnCase) string { return tc.number })
}

// judgeLuhn compares each verdict of Luhn with the reference's; the kit's
// own word on each number must be the reference's too.
func judgeLuhn(c *checkkit.C, yours, ref checkkit.Observed) {
	checkkit.EachScenario(c, luhnCases, func(k int, cases []luhnCase) {
		for i, tc := range cases {
			got, want := get[bool](c, yours, ref, play.Key(k, i))
			if want != tc.valid {
				c.KitFatalf("the reference's Luhn(%q) is %v; the kit says it should be %v", tc.number, want, tc.valid)
			}
			if got != want {
				verdict := "pass"
				if !want {
					verdict = "fail"
				}
				c.Errorf("Luhn(%q) = %v; it should %s (%s).", tc.number, got, verdict, tc.why)
			}
		}
	})
}

// redaction is a text, what Redact should make of it, and the kinds it
// should name.
type redaction struct {
	text  string
	clean string
	found []string
}

// redactions are the texts redact_marks_each_kind hands to Redact, with the
// kit's word on each, which the reference must agree with.
var redactions = func() []checkkit.Data[[]redaction] {
	p, e, k := kit.PhoneMark, kit.EmailMark, kit.CardMark
	return []checkkit.Data[[]redaction]{
		{Name: "field reports from Kessan", Data: []redaction{
			{"Call the nurse on +44 20 7946 0958 before noon.", "Call the nurse on " + p + " before noon.", []string{kit.Phone}},
			{"Contact: amina.yusuf@example.org", "Contact: " + e, []string{kit.Email}},
			{"Paid with 4111 1111 1111 1111, receipt sent to ops@relief.example.org; questions to +1-555-010-4477.",
				"Paid with " + k + ", receipt sent to " + e + "; questions to " + p + ".", []string{kit.Card, kit.Email, kit.Phone}},
			{"Reply to amina+447700900123@example.org, not +447700900123.", "Reply to " + e + ", not " + p + ".",
				[]string{kit.Email, kit.Phone}},
			{"Card 378282246310005 (15 digits).", "Card " + k + " (15 digits).", []string{kit.Card}},
		}},
		{Name: "field reports from Aramu", Data: []redaction{
			{"Driver: +254 712 345 678, email j.otieno@aramu.example.net, card 5500-0000-0000-0004.",
				"Driver: " + p + ", email " + e + ", card " + k + ".", []string{kit.Phone, kit.Email, kit.Card}},
			{"+33 1 99 00 12 34 and +33 1 99 00 56 78", p + " and " + p, []string{kit.Phone, kit.Phone}},
			{"No personal data here.", "No personal data here.", nil},
			{"", "", nil},
		}},
	}
}()

func redactTexts() any {
	return mapSets(redactions, func(tc redaction) string { return tc.text })
}

// judgeRedact compares what Redact made of each text with the reference's.
func judgeRedact(c *checkkit.C, yours, ref checkkit.Observed) {
	checkkit.EachScenario(c, redactions, func(k int, cases []redaction) {
		for i, tc := range cases {
			got, want := get[play.Redacted](c, yours, ref, play.Key(k, i))
			if want.Clean != tc.clean || fmt.Sprint(want.Found) != fmt.Sprint(tc.found) {
				c.KitFatalf("the reference's Redact(%q) gives %q and %q; the kit expects %q and %q",
					tc.text, want.Clean, want.Found, tc.clean, tc.found)
			}
			c.Equal(fmt.Sprintf("Redact(%q) should give the text with each item replaced by its mark:", tc.text), want.Clean, got.Clean)
			c.Equal(fmt.Sprintf("Redact(%q) should name the kind of each item it replaced, in the order they appear in the text:",
				tc.text), want.Found, got.Found, checkkit.AsSent...)
			if c.Failed() {
				return // one text at a time
			}
		}
	})
}

// nearMisses are texts with numbers that are none of the kinds Redact
// replaces.
var nearMisses = []checkkit.Data[[]string]{
	{Name: "numbers in a situation report", Data: []string{
		"Report of 2026-03-15, 10:45: 4,200 households in Kessan, 37.5% without water.",
		"Order ORD-2026-0415-0093, tracking 2026 8482 9493 3634, tool v1.22.3.",
		"Local line for the clinic: 0555 014 7 (outside the scope of this check).",
		"Server 192.168.10.24 answered in 120 ms; +5 degrees at noon.",
		"Follow @kessan_ops for updates, or write to the office at the market.",
	}},
	{Name: "numbers in a logistics note", Data: []string{
		"Shipment 7000 2069 3195 7494 left on 2027-01-09 at 06:30 with 1,150 kg.",
		"Build 3.14.159-rc2 of the app, release 2027.01; invoice total 12,480.50.",
		"Room 0207 946, desk 12; the call centre is open 08:00-18:00.",
		"ISBN 978-0-306-40615-7 and batch +12 in the ledger.",
	}},
}

func nearMissTexts() any { return nearMisses }

// judgeNearMisses fails every text Redact changes or finds something in; the
// reference must change none of them either.
func judgeNearMisses(c *checkkit.C, yours, ref checkkit.Observed) {
	checkkit.EachScenario(c, nearMisses, func(k int, texts []string) {
		for i, text := range texts {
			got, want := get[play.Redacted](c, yours, ref, play.Key(k, i))
			if want.Clean != text || len(want.Found) > 0 {
				c.KitFatalf("the reference's Redact(%q) changes it to %q and finds %q", text, want.Clean, want.Found)
			}
			if got.Clean != text || len(got.Found) > 0 {
				c.Errorf("Redact(%q) should change nothing and find nothing: none of these numbers is a phone number in "+
					"international form, an e-mail address or a number that passes the Luhn check.\n  got text:  %q\n  got found: %q",
					text, got.Clean, got.Found)
				return
			}
		}
	})
}
