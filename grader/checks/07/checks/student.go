// Package checks holds the checks of lesson 07, "Who may do what": the
// policy that answers allow, deny or ask for every call, and the gate that
// enforces it around the tools.
package checks

import (
	"harnesslab/grader/checkkit"
	"harnesslab/lab"
)

// Student is the student's code as the checks call it. The check program's
// main fills it in from harness.go and policy.go, converting the student's
// types into the copies below; keeping the checks out of package main means
// they are compiled once, and only a small main is compiled again for each
// copy of the student's files.
type Student struct {
	// Decide is the student's Decide, with the policy as it stands after the
	// call, so a check can say whether deciding changed it.
	Decide func(p Policy, name string) (verdict, reason string, after Policy)
	// Gate is the student's Gate, given a log that already holds the
	// entries start (none, for a fresh log).
	Gate         func(tools []lab.Tool, p Policy, ask AskFunc, start []Entry) Guarded
	RunTool      func(tools []lab.Tool, call lab.Block) lab.Message
	MakeReadTool func(ws *lab.Workspace) lab.Tool
	RunLoop      func(model lab.Model, messages []lab.Message, tools []lab.Tool, maxSteps int) ([]lab.Message, Result)
	Chat         func(model lab.Model, messages []lab.Message, text string, tools []lab.Tool) ([]lab.Message, Result)
}

// S is the student's code under check.
var S Student

// Policy is the checks' copy of harness.Policy, effect classes as plain
// strings.
type Policy struct {
	Effects map[string]string
	Allowed []string
}

// AskFunc is the checks' copy of harness.AskFunc.
type AskFunc func(tool string, args lab.Args) bool

// Entry is the checks' copy of harness.Entry.
type Entry struct {
	Tool     string
	Args     lab.Args
	Verdict  string
	Reason   string
	Approved bool
}

// Guarded is what the student's Gate handed back: the guarded tools, and
// readers of the log it writes and of the policy it was given, as they stand
// when asked.
type Guarded struct {
	Tools  []lab.Tool
	Log    func() []Entry
	Policy func() Policy
}

// Result is how a run of the student's loop ended, copied from harness.Result.
type Result struct {
	Status string
	Text   string
	Steps  int
}

// The lesson's values, as the kit knows them. Checks build what they expect
// from these, never from the student's files.
const (
	system   = "You are a helpful assistant."
	answered = "answered"
	gaveUp   = "gave up"
	maxSteps = 8

	read         = "read"
	write        = "write"
	external     = "external"
	irreversible = "irreversible"

	allow = "allow"
	deny  = "deny"
	ask   = "ask"
)

// Checks holds every check of the lesson, by name. The scripts NN_name.txtar
// say which to run, in what order, and what each one promises the student.
var Checks = map[string]checkkit.Check{
	"allow_list_first":         allowListFirst,
	"allowed_call_unchanged":   allowedCallUnchanged,
	"approval_is_per_call":     approvalIsPerCall,
	"approved_call_runs":       approvedCallRuns,
	"decide_by_class":          decideByClass,
	"declined_call_never_runs": declinedCallNeverRuns,
	"denials_logged":           denialsLogged,
	"denied_call_never_runs":   deniedCallNeverRuns,
	"guard_keeps_tools":        guardKeepsTools,
	"loop_goes_on_after_deny":  loopGoesOnAfterDeny,
	"no_ask_means_no":          noAskMeansNo,
	"only_external_asks":       onlyExternalAsks,
	"prompt_cannot_allow":      promptCannotAllow,
	"unclassed_denied":         unclassedDenied,
}
