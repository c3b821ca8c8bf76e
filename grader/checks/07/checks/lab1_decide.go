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

// decisions is one policy and what Decide should answer for each of names.
type decisions struct {
	policy  func() Policy
	answers []answer
}

// decideAll asks the student's Decide about every name of data, one at a
// time with a fresh policy, and compares each whole answer, and the policy
// afterwards, with what the kit expects.
func decideAll(c *checkkit.C, data decisions) {
	for _, a := range data.answers {
		p := data.policy()
		verdict, reason, after := S.Decide(p, a.name)
		want := decision{Verdict: a.verdict, Reason: a.reason}
		if !c.Equal(fmt.Sprintf("Decide(policy, %q) should answer %s, %q.%s The policy was %s.", a.name, a.verdict, a.reason,
			a.note, showPolicy(data.policy())), want, decision{Verdict: verdict, Reason: reason}) {
			return // one wrong answer at a time
		}
		if !samePolicy(c, fmt.Sprintf("Decide(policy, %q)", a.name), data.policy(), after) {
			return
		}
	}
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
		{Name: "the field office", Data: decisions{
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
			}}},
		{Name: "the build server", Data: decisions{
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
			}}},
	}, func(data decisions) { decideAll(c, data) })
}

func allowListFirst(c *checkkit.C) {
	const first = " The allow-list comes first: a tool that is not on it is denied for that reason, whatever its class."
	const empty = " An empty allow-list lets nothing run: it is the strictest policy, not the absence of one."
	effects := func() map[string]string {
		return map[string]string{"read": read, "save_draft": write, "send_email": external, "delete_report": irreversible,
			"list_files": read}
	}
	checkkit.Scenarios(c, []checkkit.Data[decisions]{
		{Name: "a short allow-list", Data: decisions{
			policy: func() Policy { return Policy{Effects: effects(), Allowed: []string{"send_email", "read"}} },
			answers: []answer{
				{"read", allow, "", ""},
				{"save_draft", deny, "save_draft is not on the allow-list", first},
				{"delete_report", deny, "delete_report is not on the allow-list", first},
				{"list_files", deny, "list_files is not on the allow-list", first},
				{"send_email", ask, "send_email is external", ""},
				{"Read", deny, "Read is not on the allow-list", " Names are matched exactly: Read is not read."},
			}}},
		{Name: "no allow-list at all (nil)", Data: decisions{
			policy: func() Policy { return Policy{Effects: effects()} },
			answers: []answer{
				{"read", deny, "read is not on the allow-list", empty},
				{"send_email", deny, "send_email is not on the allow-list", empty},
				{"delete_report", deny, "delete_report is not on the allow-list", empty},
			}}},
		{Name: "an empty allow-list", Data: decisions{
			policy: func() Policy { return Policy{Effects: effects(), Allowed: []string{}} },
			answers: []answer{
				{"save_draft", deny, "save_draft is not on the allow-list", empty},
				{"list_files", deny, "list_files is not on the allow-list", empty},
			}}},
	}, func(data decisions) { decideAll(c, data) })
}

func unclassedDenied(c *checkkit.C) {
	const none = " A tool with no effect class might do anything: when the policy cannot tell, it picks the riskiest answer."
	checkkit.Scenarios(c, []checkkit.Data[decisions]{
		{Name: "no classes at all (Effects is nil)", Data: decisions{
			policy: func() Policy { return Policy{Allowed: []string{"archive", "read"}} },
			answers: []answer{
				{"archive", deny, "archive has no effect class", none},
				{"read", deny, "read has no effect class", none},
			}}},
		{Name: "classes that are not the lesson's", Data: decisions{
			policy: func() Policy {
				return Policy{Effects: map[string]string{"archive": "", "read": "Read", "rotate_keys": "readonly", "search": read},
					Allowed: []string{"archive", "read", "rotate_keys", "search"}}
			},
			answers: []answer{
				{"archive", deny, "archive has no effect class", none + " (Its class is the empty string.)"},
				{"read", deny, "read has no effect class", none + ` (Its class is "Read"; the lesson's class is "read".)`},
				{"rotate_keys", deny, "rotate_keys has no effect class", none + ` (Its class is "readonly", which is none of the four.)`},
				{"search", allow, "", ""},
			}}},
	}, func(data decisions) { decideAll(c, data) })
}
