package checks

import (
	"fmt"
	"strings"

	"harnesslab/grader/checkkit"
	"harnesslab/grader/checks/08/play"
)

// office is the world of one run (play.Office), with the kit's word on what
// each report looks like once redacted and what the redaction finds in it,
// which the reference must agree with.
type office struct {
	play.Office
	clean map[string]string   // report id: its text with the personal data replaced
	found map[string][]string // report id: the kinds replaced, in order
}

// offices are the two district offices every scenario runs on, one after the
// other in the same program, with different reports under the same ids.
var offices = []checkkit.Data[office]{
	{Name: "the Kessan office", Data: office{
		Office: play.Office{
			District: "Kessan",
			Reports: map[string]string{
				"R1": "Kessan, 2026-03-15: 48,200 people, 4,200 households. Nurse on +44 20 7946 0958, mail amina.yusuf@example.org.",
				"R2": "Kessan, 2026-03-16: fuel paid with card 4111 1111 1111 1111.",
				"R3": "Kessan, 2026-03-17: road to Tamsi open, 3 trucks, order ORD-2026-0415.",
			},
			Personal: []string{"+44 20 7946 0958", "amina.yusuf@example.org", "4111 1111 1111 1111"},
			WithData: "R1", NoData: "R3", People: "48,200", Asker: "+44 20 7946 0321",
		},
		clean: map[string]string{
			"R1": "Kessan, 2026-03-15: 48,200 people, 4,200 households. Nurse on [phone], mail [email].",
			"R2": "Kessan, 2026-03-16: fuel paid with card [card].",
			"R3": "Kessan, 2026-03-17: road to Tamsi open, 3 trucks, order ORD-2026-0415.",
		},
		found: map[string][]string{"R1": {"phone", "email"}, "R2": {"card"}},
	}},
	{Name: "the Aramu office", Data: office{
		Office: play.Office{
			District: "Aramu",
			Reports: map[string]string{
				"R1": "Aramu, 2027-01-09: 12,750 people. Driver j.otieno@aramu.example.net, phone +254 712 345 678, card 5500-0000-0000-0004.",
				"R2": "Aramu, 2027-01-10: shelter at the school, 310 beds, build v2.4.1 of the register.",
				"R3": "Aramu, 2027-01-11: call +33 1 99 00 12 34 or +33 1 99 00 56 78 for water.",
			},
			Personal: []string{"j.otieno@aramu.example.net", "+254 712 345 678", "5500-0000-0000-0004",
				"+33 1 99 00 12 34", "+33 1 99 00 56 78"},
			WithData: "R1", NoData: "R2", People: "12,750", Asker: "l.haddad@example.com",
		},
		clean: map[string]string{
			"R1": "Aramu, 2027-01-09: 12,750 people. Driver [email], phone [phone], card [card].",
			"R2": "Aramu, 2027-01-10: shelter at the school, 310 beds, build v2.4.1 of the register.",
			"R3": "Aramu, 2027-01-11: call [phone] or [phone] for water.",
		},
		found: map[string][]string{"R1": {"email", "phone", "card"}, "R3": {"phone", "phone"}},
	}},
}

// officeWorlds is the offices as a scenario: the worlds alone.
func officeWorlds() any {
	return mapData(offices, func(o office) play.Office { return o.Office })
}

// redactions returns the triggers redacting report id should log, as the
// tool called tool.
func (o office) redactions(tool, id string) []play.Trigger {
	var out []play.Trigger
	for _, kind := range o.found[id] {
		out = append(out, play.Trigger{Guard: kit.RedactGuard, Where: tool, What: kind})
	}
	return out
}

// showTriggers writes a log one trigger a line, for a failure message.
func showTriggers(triggers []play.Trigger) string {
	if len(triggers) == 0 {
		return "    (the log is empty)"
	}
	lines := make([]string, len(triggers))
	for i, t := range triggers {
		lines[i] = fmt.Sprintf("    %d. guard %q, where %q, what %q", i+1, t.Guard, t.Where, t.What)
	}
	return strings.Join(lines, "\n")
}

// sameLog records a failure unless the log holds exactly want, in order.
func sameLog(c *checkkit.C, sentence string, want, got []play.Trigger) bool {
	if len(checkkit.Differences(want, got, checkkit.AsSent...)) == 0 {
		return true
	}
	c.Errorf("%s\n  expected log:\n%s\n  got log:\n%s", sentence, showTriggers(want), showTriggers(got))
	return false
}

// noLeaks records a failure if the log holds any of the office's personal
// data: a log is read by people who must not see it either.
func noLeaks(c *checkkit.C, o play.Office, triggers []play.Trigger) {
	for _, t := range triggers {
		if leaked := o.Leaks(t.Guard + " " + t.Where + " " + t.What); len(leaked) > 0 {
			c.Errorf("The log holds personal data: the trigger %+v names %s. A trigger says what kind of thing was "+
				"found, never the thing itself.", t, checkkit.List(leaked))
			return
		}
	}
}
