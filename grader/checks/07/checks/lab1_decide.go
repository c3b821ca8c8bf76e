package checks

import (
	"fmt"

	"harnesslab/grader/checkkit"
	"harnesslab/lab"
)

// Lab 1: a policy in code. The checks of Decide, one name at a time.

// answer is what Decide should say about one tool.
type answer struct {
	name    string
	verdict string
	reason  string
	note    string // what this case is about, said when it fails
}

// decision is one answer of Decide, under the names a student reads.
type decision struct {
	Verdict string
	Reason  string
}

// group is one policy and what Decide should answer for some names.
type group struct {
	policy  func() Policy
	answers []answer
}

// decisions is the data of one run of a scenario: several policies, each
// with its answers.
type decisions []group

// decideAll asks the student's Decide about every name of every group, one
// at a time with a fresh policy, and compares each whole answer, and the
// policy afterwards, with what the kit expects.
func decideAll(c *checkkit.C, groups decisions) {
	for _, data := range groups {
		if !decideGroup(c, data) {
			return
		}
	}
}

// decideGroup is decideAll for one group; it reports whether all went well.
func decideGroup(c *checkkit.C, data group) bool {
	for _, a := range data.answers {
		p := data.policy()
		verdict, reason, after := S.Decide(p, a.name)
		want := decision{Verdict: a.verdict, Reason: a.reason}
		if !c.Equal(fmt.Sprintf("Decide(policy, %q) should answer %s, %q.%s The policy was %s.", a.name, a.verdict, a.reason,
			a.note, showPolicy(data.policy())), want, decision{Verdict: verdict, Reason: reason}) {
			return false // one wrong answer at a time
		}
		if !samePolicy(c, fmt.Sprintf("Decide(policy, %q)", a.name), data.policy(), after) {
			return false
		}
	}
	return true
}

// showPolicy writes a policy the way a student would write it in Go.
func showPolicy(p Policy) string {
	effects := "nil"
	if p.Effects != nil {
		effects = lab.EncodeJSON(toArgs(p.Effects))
	}
	allowed := "nil"
	if p.Allowed != nil {
		allowed = fmt.Sprintf("%q", p.Allowed)
	}
	return fmt.Sprintf("Effects %s, Allowed %s", effects, allowed)
}

func toArgs(m map[string]string) lab.Args {
	out := lab.Args{}
	for k, v := range m {
		out[k] = v
	}
	return out
}

func decideByClass(c *checkkit.C) {
	const byName = " The class comes from the policy, whatever the tool's name suggests."
	checkkit.Scenarios(c, []checkkit.Data[decisions]{
		{Name: "the field office", Data: decisions{{
			policy: func() Policy {
				return Policy{Effects: map[string]string{"read": read, "save_draft": write, "send_email": external,
					"delete_report": irreversible, "read_and_send": external, "get_and_delete": irreversible},
					Allowed: []string{"read", "save_draft", "send_email", "delete_report", "read_and_send", "get_and_delete"}}
			},
			answers: []answer{
				{"read", allow, "", " A read tool on the allow-list runs, and an allowed call has no reason."},
				{"save_draft", allow, "", " A write tool on the allow-list runs, and an allowed call has no reason."},
				{"send_email", ask, "send_email is external", " An external tool on the allow-list needs a person's yes."},
				{"delete_report", deny, "delete_report is irreversible", " An irreversible tool is never run by the model."},
				{"read_and_send", ask, "read_and_send is external", byName},
				{"get_and_delete", deny, "get_and_delete is irreversible", byName},
			}}}},
		{Name: "the build server", Data: decisions{{
			policy: func() Policy {
				return Policy{Effects: map[string]string{"search": read, "write_file": write, "post_message": external,
					"drop_table": irreversible, "delete_cache": write, "view_and_pay": irreversible},
					Allowed: []string{"view_and_pay", "delete_cache", "drop_table", "post_message", "write_file", "search"}}
			},
			answers: []answer{
				{"search", allow, "", " A read tool on the allow-list runs, and an allowed call has no reason."},
				{"delete_cache", allow, "", byName},
				{"post_message", ask, "post_message is external", " An external tool on the allow-list needs a person's yes."},
				{"write_file", allow, "", " A write tool on the allow-list runs, and an allowed call has no reason."},
				{"view_and_pay", deny, "view_and_pay is irreversible", byName},
				{"drop_table", deny, "drop_table is irreversible", " An irreversible tool is never run by the model."},
			}}}},
	}, func(data decisions) { decideAll(c, data) })
}

func allowListFirst(c *checkkit.C) {
	const first = " The allow-list comes first: a tool that is not on it is denied for that reason, whatever its class."
	const empty = " An empty allow-list lets nothing run: it is the strictest policy, not the absence of one."
	office := func() map[string]string {
		return map[string]string{"read": read, "save_draft": write, "send_email": external, "delete_report": irreversible,
			"list_files": read}
	}
	server := func() map[string]string {
		return map[string]string{"search": read, "write_file": write, "post_message": external, "drop_table": irreversible}
	}
	checkkit.Scenarios(c, []checkkit.Data[decisions]{
		{Name: "the field office: a short allow-list, then none at all (nil)", Data: decisions{
			{policy: func() Policy { return Policy{Effects: office(), Allowed: []string{"send_email", "read"}} },
				answers: []answer{
					{"read", allow, "", ""},
					{"save_draft", deny, "save_draft is not on the allow-list", first},
					{"delete_report", deny, "delete_report is not on the allow-list", first},
					{"list_files", deny, "list_files is not on the allow-list", first},
					{"send_email", ask, "send_email is external", ""},
					{"Read", deny, "Read is not on the allow-list", " Names are matched exactly: Read is not read."},
				}},
			{policy: func() Policy { return Policy{Effects: office()} },
				answers: []answer{
					{"read", deny, "read is not on the allow-list", empty},
					{"send_email", deny, "send_email is not on the allow-list", empty},
					{"delete_report", deny, "delete_report is not on the allow-list", empty},
				}},
		}},
		{Name: "the build server: another short allow-list, then an empty one", Data: decisions{
			{policy: func() Policy { return Policy{Effects: server(), Allowed: []string{"write_file"}} },
				answers: []answer{
					{"write_file", allow, "", ""},
					{"search", deny, "search is not on the allow-list", first},
					{"drop_table", deny, "drop_table is not on the allow-list", first},
					{"post_message", deny, "post_message is not on the allow-list", first},
					{"WRITE_FILE", deny, "WRITE_FILE is not on the allow-list", " Names are matched exactly: WRITE_FILE is not write_file."},
				}},
			{policy: func() Policy { return Policy{Effects: server(), Allowed: []string{}} },
				answers: []answer{
					{"search", deny, "search is not on the allow-list", empty},
					{"write_file", deny, "write_file is not on the allow-list", empty},
				}},
		}},
	}, func(data decisions) { decideAll(c, data) })
}

func unclassedDenied(c *checkkit.C) {
	const none = " A tool with no effect class might do anything: when the policy cannot tell, it picks the riskiest answer."
	checkkit.Scenarios(c, []checkkit.Data[decisions]{
		{Name: "the field office: no classes at all (Effects is nil), then classes that are not the lesson's", Data: decisions{
			{policy: func() Policy { return Policy{Allowed: []string{"read", "archive"}} },
				answers: []answer{
					{"archive", deny, "archive has no effect class", none},
					{"read", deny, "read has no effect class", none},
				}},
			{policy: func() Policy {
				return Policy{Effects: map[string]string{"archive": "", "read": "Read", "list_files": "readonly", "save_draft": write},
					Allowed: []string{"archive", "read", "list_files", "save_draft"}}
			},
				answers: []answer{
					{"archive", deny, "archive has no effect class", none + " (Its class is the empty string.)"},
					{"read", deny, "read has no effect class", none + ` (Its class is "Read"; the lesson's class is "read".)`},
					{"list_files", deny, "list_files has no effect class", none + ` (Its class is "readonly", which is none of the four.)`},
					{"save_draft", allow, "", ""},
				}},
		}},
		{Name: "the build server: no classes at all (Effects is nil), then classes that are not the lesson's", Data: decisions{
			{policy: func() Policy { return Policy{Allowed: []string{"search", "rotate_keys"}} },
				answers: []answer{
					{"rotate_keys", deny, "rotate_keys has no effect class", none},
					{"search", deny, "search has no effect class", none},
				}},
			{policy: func() Policy {
				return Policy{Effects: map[string]string{"rotate_keys": "Write", "search": "read-only", "post_message": "", "write_file": write},
					Allowed: []string{"rotate_keys", "search", "post_message", "write_file"}}
			},
				answers: []answer{
					{"search", deny, "search has no effect class", none + ` (Its class is "read-only", which is none of the four.)`},
					{"rotate_keys", deny, "rotate_keys has no effect class", none + ` (Its class is "Write"; the lesson's class is "write".)`},
					{"post_message", deny, "post_message has no effect class", none + " (Its class is the empty string.)"},
					{"write_file", allow, "", ""},
				}},
		}},
	}, func(data decisions) { decideAll(c, data) })
}
