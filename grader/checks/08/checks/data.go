package checks

import (
	"fmt"
	"sort"
	"strings"

	"harnesslab/grader/checkkit"
	"harnesslab/lab"
)

// office is the data of one run of a scenario: the field reports a
// district office keeps, what each one must look like once redacted, and
// what the redaction finds in it.
type office struct {
	district string
	reports  map[string]string   // report id: its text, as the field wrote it
	clean    map[string]string   // report id: its text with the personal data replaced
	found    map[string][]string // report id: the kinds replaced, in order
	personal []string            // the personal data in the reports, none of which may reach the model or the log
	withData string              // a report with personal data
	noData   string              // a report without any
	people   string              // the population figure in withData
	asker    string              // the contact the person asking gives in the question, theirs to give
}

// offices are the two district offices every scenario runs on, one after the
// other in the same program, with different reports under the same ids.
var offices = []checkkit.Data[office]{
	{Name: "the Kessan office", Data: office{
		district: "Kessan",
		reports: map[string]string{
			"R1": "Kessan, 2026-03-15: 48,200 people, 4,200 households. Nurse on +44 20 7946 0958, mail amina.yusuf@example.org.",
			"R2": "Kessan, 2026-03-16: fuel paid with card 4111 1111 1111 1111.",
			"R3": "Kessan, 2026-03-17: road to Tamsi open, 3 trucks, order ORD-2026-0415.",
		},
		clean: map[string]string{
			"R1": "Kessan, 2026-03-15: 48,200 people, 4,200 households. Nurse on [phone], mail [email].",
			"R2": "Kessan, 2026-03-16: fuel paid with card [card].",
			"R3": "Kessan, 2026-03-17: road to Tamsi open, 3 trucks, order ORD-2026-0415.",
		},
		found:    map[string][]string{"R1": {"phone", "email"}, "R2": {"card"}},
		personal: []string{"+44 20 7946 0958", "amina.yusuf@example.org", "4111 1111 1111 1111"},
		withData: "R1", noData: "R3", people: "48,200", asker: "+44 20 7946 0321",
	}},
	{Name: "the Aramu office", Data: office{
		district: "Aramu",
		reports: map[string]string{
			"R1": "Aramu, 2027-01-09: 12,750 people. Driver j.otieno@aramu.example.net, phone +254 712 345 678, card 5500-0000-0000-0004.",
			"R2": "Aramu, 2027-01-10: shelter at the school, 310 beds, build v2.4.1 of the register.",
			"R3": "Aramu, 2027-01-11: call +33 1 99 00 12 34 or +33 1 99 00 56 78 for water.",
		},
		clean: map[string]string{
			"R1": "Aramu, 2027-01-09: 12,750 people. Driver [email], phone [phone], card [card].",
			"R2": "Aramu, 2027-01-10: shelter at the school, 310 beds, build v2.4.1 of the register.",
			"R3": "Aramu, 2027-01-11: call [phone] or [phone] for water.",
		},
		found: map[string][]string{"R1": {"email", "phone", "card"}, "R3": {"phone", "phone"}},
		personal: []string{"j.otieno@aramu.example.net", "+254 712 345 678", "5500-0000-0000-0004",
			"+33 1 99 00 12 34", "+33 1 99 00 56 78"},
		withData: "R1", noData: "R2", people: "12,750", asker: "l.haddad@example.com",
	}},
}

// reportTool returns the get_report tool over the office's reports, as the
// field wrote them.
func (o office) reportTool() lab.Tool {
	return lab.Tool{
		Name:        "get_report",
		Description: "Return the text of one field report of the " + o.district + " office.",
		Parameters: lab.Schema{"type": "object", "required": []string{"id"}, "properties": lab.Schema{
			"id": lab.Schema{"type": "string", "description": "The report's id, such as R1."}}},
		Execute: func(args lab.Args) (string, error) {
			id, _ := args["id"].(string)
			text, ok := o.reports[id]
			if !ok {
				return "", fmt.Errorf("no report called %s; the reports are %s", id, strings.Join(o.ids(), ", "))
			}
			return text, nil
		},
	}
}

// ids returns the report ids, sorted.
func (o office) ids() []string {
	ids := make([]string, 0, len(o.reports))
	for id := range o.reports {
		ids = append(ids, id)
	}
	sort.Strings(ids)
	return ids
}

// redactions returns the triggers redacting report id should log, as the
// tool called tool.
func (o office) redactions(tool, id string) []Trigger {
	var out []Trigger
	for _, kind := range o.found[id] {
		out = append(out, Trigger{Guard: kit.RedactGuard, Where: tool, What: kind})
	}
	return out
}

// leaks returns the personal data of the office that text holds.
func (o office) leaks(text string) []string {
	var out []string
	for _, p := range o.personal {
		if strings.Contains(text, p) {
			out = append(out, p)
		}
	}
	return out
}

// showTriggers writes a log one trigger a line, for a failure message.
func showTriggers(triggers []Trigger) string {
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
func sameLog(c *checkkit.C, sentence string, want, got []Trigger) bool {
	if len(checkkit.Differences(want, got, checkkit.AsSent...)) == 0 {
		return true
	}
	c.Errorf("%s\n  expected log:\n%s\n  got log:\n%s", sentence, showTriggers(want), showTriggers(got))
	return false
}

// noLeaks records a failure if the log holds any of the office's personal
// data: a log is read by people who must not see it either.
func noLeaks(c *checkkit.C, o office, triggers []Trigger) {
	for _, t := range triggers {
		if leaked := o.leaks(t.Guard + " " + t.Where + " " + t.What); len(leaked) > 0 {
			c.Errorf("The log holds personal data: the trigger %+v names %s. A trigger says what kind of thing was "+
				"found, never the thing itself.", t, checkkit.List(leaked))
			return
		}
	}
}

// call returns a get_report call for report id, with call id callID.
func call(id, callID string) lab.Block {
	return lab.Call("get_report", lab.Args{"id": id}).WithID(callID)
}
