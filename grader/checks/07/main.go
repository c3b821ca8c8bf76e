// Command 07 is the check program of lesson 07, "Who may do what". It is
// built together with the student's harness.go and policy.go and runs one
// check per call:
//
//	07 denied_call_never_runs
package main

import (
	"harnesslab/grader/checkkit"
	"harnesslab/grader/checks/07/checks"
	"harnesslab/lab"
	harness "harnesslab/lessons/07-who-may-do-what"
)

func main() {
	checks.S = checks.Student{
		Decide: func(p checks.Policy, name string) (string, string, checks.Policy) {
			theirs := policy(p)
			verdict, reason := harness.Decide(theirs, name)
			return string(verdict), reason, ours(theirs)
		},
		Gate: func(tools []lab.Tool, p checks.Policy, ask checks.AskFunc, start []checks.Entry) checks.Guarded {
			theirs := policy(p)
			var asker harness.AskFunc
			if ask != nil {
				asker = func(tool string, args lab.Args) bool { return ask(tool, args) }
			}
			log := &harness.PolicyLog{Entries: policyEntries(start)}
			return checks.Guarded{
				Tools:  harness.Gate(tools, theirs, asker, log),
				Log:    func() []checks.Entry { return entries(log) },
				Policy: func() checks.Policy { return ours(theirs) },
			}
		},
		RunTool:      harness.RunTool,
		MakeReadTool: harness.MakeReadTool,
		RunLoop: func(model lab.Model, messages []lab.Message, tools []lab.Tool, maxSteps int) ([]lab.Message, checks.Result) {
			out, r := harness.RunLoop(model, messages, tools, maxSteps)
			return out, result(r)
		},
		Chat: func(model lab.Model, messages []lab.Message, text string, tools []lab.Tool) ([]lab.Message, checks.Result) {
			out, r := harness.Chat(model, messages, text, tools)
			return out, result(r)
		},
	}
	checkkit.Main(checks.Checks)
}

// policy turns the checks' policy into the student's, keeping nil as nil.
func policy(p checks.Policy) harness.Policy {
	out := harness.Policy{Allowed: append([]string(nil), p.Allowed...)}
	if p.Effects != nil {
		out.Effects = make(map[string]harness.Effect, len(p.Effects))
		for name, effect := range p.Effects {
			out.Effects[name] = harness.Effect(effect)
		}
	}
	return out
}

// ours turns the student's policy, as it is now, into the checks' copy.
func ours(p harness.Policy) checks.Policy {
	out := checks.Policy{Allowed: append([]string(nil), p.Allowed...)}
	if p.Effects != nil {
		out.Effects = make(map[string]string, len(p.Effects))
		for name, effect := range p.Effects {
			out.Effects[name] = string(effect)
		}
	}
	return out
}

// entries copies the student's log.
func entries(log *harness.PolicyLog) []checks.Entry {
	out := make([]checks.Entry, len(log.Entries))
	for i, e := range log.Entries {
		out[i] = checks.Entry{Tool: e.Tool, Args: lab.CloneArgs(e.Args), Verdict: string(e.Verdict), Reason: e.Reason, Approved: e.Approved}
	}
	return out
}

// policyEntries turns the checks' log entries into the student's, keeping
// nil as nil.
func policyEntries(start []checks.Entry) []harness.PolicyEntry {
	if start == nil {
		return nil
	}
	out := make([]harness.PolicyEntry, len(start))
	for i, e := range start {
		out[i] = harness.PolicyEntry{Tool: e.Tool, Args: lab.CloneArgs(e.Args), Verdict: harness.Verdict(e.Verdict), Reason: e.Reason, Approved: e.Approved}
	}
	return out
}

func result(r harness.Result) checks.Result {
	return checks.Result{Status: string(r.Status), Text: r.Text, Steps: r.Steps}
}
