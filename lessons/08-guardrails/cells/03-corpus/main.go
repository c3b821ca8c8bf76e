// Redact against a small labelled corpus: lines from field reports and
// logistics notes, each with the personal data a person marked in it. Near
// misses (dates, order numbers, versions, amounts) are marked as holding
// none. The program counts, for each kind, what Redact caught, what it
// missed, and what it took for personal data by mistake.
package main

import (
	"fmt"

	harness "harnesslab/lessons/08-guardrails"
)

// line is one line of the corpus and the kinds a person marked in it.
type line struct {
	text string
	want []string
}

const (
	phone = harness.Phone
	email = harness.Email
	card  = harness.Card
)

var corpus = []line{
	{"Nurse Amina: +44 20 7946 0958", []string{phone}},
	{"Call +254 712 345 678 after 6pm", []string{phone}},
	{"+1-555-010-4477 (logistics desk)", []string{phone}},
	{"WhatsApp +33 6 12 34 56 78", []string{phone}},
	{"Clinic line, local: 0555 014 7", []string{phone}},
	{"Driver's mobile 0712 345 678", []string{phone}},
	{"Office +44 (0)20 7946 0958", []string{phone}},
	{"Reply to amina.yusuf@example.org", []string{email}},
	{"Escalate to OPS@Relief.Example.ORG", []string{email}},
	{"j.otieno+field@aramu.example.net, cc the driver", []string{email}},
	{"write to amina at example dot org", []string{email}},
	{"Fuel paid with 4111 1111 1111 1111", []string{card}},
	{"5500-0000-0000-0004 expires 04/28", []string{card}},
	{"Amex 378282246310005 on file", []string{card}},
	{"card 4111.1111.1111.1111", []string{card}},
	{"Report of 2026-03-15 at 10:45", nil},
	{"Order ORD-2026-0415-0093", nil},
	{"Tracking 2026 8482 9493 3634", nil},
	{"Shipment 2026507549448942 left Aramu", nil},
	{"App v1.22.3, build 3.14.159-rc2", nil},
	{"4,200 households, 37.5% without water", nil},
	{"ISBN 978-0-306-40615-7", nil},
	{"Server 192.168.10.24 answered in 120 ms", nil},
	{"+12 degrees at noon, +5 at night", nil},
	{"Account +100200300 credited", nil},
	{"Follow @kessan_ops for updates", nil},
	{"Invoice total 12,480.50", nil},
}

// tally counts one kind: caught, missed, and false alarms.
type tally struct{ caught, missed, wrong int }

func count(list []string, kind string) int {
	n := 0
	for _, k := range list {
		if k == kind {
			n++
		}
	}
	return n
}

func main() {
	tallies := map[string]*tally{phone: {}, email: {}, card: {}}
	for _, l := range corpus {
		clean, found := harness.Redact(l.text)
		mark := " "
		for _, kind := range []string{phone, email, card} {
			want, got := count(l.want, kind), count(found, kind)
			t := tallies[kind]
			t.caught += min(want, got)
			t.missed += max(0, want-got)
			t.wrong += max(0, got-want)
			if want > got {
				mark = "missed"
			} else if got > want {
				mark = "false alarm"
			}
		}
		if mark != " " {
			fmt.Printf("%-12s %-40s -> %s\n", mark, l.text, clean)
		}
	}
	fmt.Println()
	fmt.Println("kind   caught  missed  false alarms  precision  recall")
	for _, kind := range []string{phone, email, card} {
		t := tallies[kind]
		fmt.Printf("%-6s %6d  %6d  %12d  %8.0f%%  %5.0f%%\n", kind, t.caught, t.missed, t.wrong,
			100*float64(t.caught)/float64(t.caught+t.wrong), 100*float64(t.caught)/float64(t.caught+t.missed))
	}
	fmt.Println("lines:", len(corpus))
}
