package harness

import (
	"fmt"
	"slices"

	"harnesslab/lab"
)

// Effect is what a tool can do to the world: its effect class. You set it
// once, in code, when you define the tool; the model never sees it and
// cannot change it.
type Effect string

// The four effect classes, from harmless to final.
const (
	Read         Effect = "read"         // looks and changes nothing
	Write        Effect = "write"        // changes something here that can be put back
	External     Effect = "external"     // reaches outside: a message sent, a request to another system
	Irreversible Effect = "irreversible" // cannot be undone: a delete, a payment, a publication
)

// Verdict is the policy's answer for one call.
type Verdict string

// The three answers a policy gives.
const (
	Allow Verdict = "allow" // run it
	Deny  Verdict = "deny"  // never run it
	Ask   Verdict = "ask"   // run it only if a person says yes
)

// Policy is who may do what, written in code: the effect class of every tool
// the harness knows, and the allow-list of the tools this deployment lets run
// at all. A tool missing from either is refused.
type Policy struct {
	Effects map[string]Effect // each tool's class, by tool name
	Allowed []string          // the allow-list: the names of the only tools that may run
}

// AskFunc asks a person whether one call may run, showing them the tool's
// name and the call's arguments, and reports their answer: true for yes.
type AskFunc func(tool string, args lab.Args) bool

// PolicyEntry is one line of the policy log: a call the policy did not simply
// allow.
type PolicyEntry struct {
	Tool     string   // the tool the call named
	Args     lab.Args // the call's arguments
	Verdict  Verdict  // Deny or Ask
	Reason   string   // why, as Decide said it
	Approved bool     // for Ask: whether the person said yes
}

// PolicyLog is the policy log: every call the policy denied or put to a person, in
// the order they came.
type PolicyLog struct {
	Entries []PolicyEntry
}

// Decide is the policy: it answers whether a call to the tool called name
// may run, and why not. In this order:
//  1. a tool not on the allow-list is denied: "<name> is not on the allow-list";
//  2. a tool with no effect class is denied: "<name> has no effect class";
//  3. an irreversible tool is denied: "<name> is irreversible";
//  4. an external tool needs a person: Ask, "<name> is external";
//  5. a read or write tool is allowed, with no reason.
//
// Only the tool's name and the policy decide: nothing the model wrote can
// change the answer.
func Decide(p Policy, name string) (Verdict, string) {
	// --- your code ---
	if !slices.Contains(p.Allowed, name) {
		return Deny, name + " is not on the allow-list"
	}
	switch p.Effects[name] {
	case Read, Write:
		return Allow, ""
	case External:
		return Ask, name + " is external"
	case Irreversible:
		return Deny, name + " is irreversible"
	}
	return Deny, name + " has no effect class"
	// --- starter ---
	// slices.Contains(p.Allowed, name) says whether name is on the allow-list;
	// p.Effects[name] is its class, or "" if it has none (even when p.Effects
	// is nil: reading a nil map is fine in Go, writing to one panics).
	_ = slices.Contains[[]string] // delete this line when you use slices
	panic("Decide: not written yet")
	// --- end ---
}

// Gate returns a copy of tools in which every tool asks the policy before it
// runs. The copies are described exactly as the originals, so the model is
// offered the same tools; only their Execute changes. A call the policy
// allows runs as before. A denied call never runs: its Execute returns the
// error "denied by policy: <reason>; do not ask for it again", which RunTool
// turns into an error result. A call the policy sends to a person runs only
// if ask says yes, once per call; without a yes (or without an ask function)
// it returns "not approved: a person said no to <name>; do not ask for it
// again". Every call that is denied or put to a person is added to log.
// The caller's tools are left as they were.
func Gate(tools []lab.Tool, p Policy, ask AskFunc, log *PolicyLog) []lab.Tool {
	// --- your code ---
	guarded := make([]lab.Tool, len(tools))
	for i, tool := range tools {
		run := tool.Execute
		tool.Execute = func(args lab.Args) (string, error) {
			verdict, reason := Decide(p, tool.Name)
			switch verdict {
			case Allow:
				return run(args)
			case Ask:
				yes := ask != nil && ask(tool.Name, args)
				log.Entries = append(log.Entries, PolicyEntry{Tool: tool.Name, Args: args, Verdict: Ask, Reason: reason, Approved: yes})
				if yes {
					return run(args)
				}
				return "", fmt.Errorf("not approved: a person said no to %s; do not ask for it again", tool.Name)
			}
			log.Entries = append(log.Entries, PolicyEntry{Tool: tool.Name, Args: args, Verdict: Deny, Reason: reason})
			return "", fmt.Errorf("denied by policy: %s; do not ask for it again", reason)
		}
		guarded[i] = tool
	}
	return guarded
	// --- starter ---
	// Return a new slice: one copy of each tool, in the same order, with the
	// same Name, Description and Parameters, whose Execute first asks
	// Decide(p, name). Keep the old Execute in a variable of its own and call
	// that: a copy whose Execute calls its own Execute calls itself forever.
	//   Allow: run the old Execute with the arguments, and return what it returns.
	//   Deny:  do not run it; add PolicyEntry{Tool, Args, Verdict: Deny, Reason} to
	//          log.Entries and return the error
	//          "denied by policy: <reason>; do not ask for it again".
	//   Ask (lab 2): call ask(name, args) once, if ask is not nil; add
	//          PolicyEntry{Tool, Args, Verdict: Ask, Reason, Approved: the answer};
	//          on yes run the old Execute; otherwise return the error
	//          "not approved: a person said no to <name>; do not ask for it again".
	_ = fmt.Errorf // fmt.Errorf writes the errors; delete this line when you use fmt
	panic("Gate: not written yet")
	// --- end ---
}
