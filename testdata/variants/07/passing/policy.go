package harness

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
	listed := false
	for _, allowed := range p.Allowed {
		listed = listed || allowed == name
	}
	rules := map[Effect]Verdict{Read: Allow, Write: Allow, External: Ask, Irreversible: Deny}
	effect := p.Effects[name]
	verdict, known := rules[effect]
	switch {
	case !listed:
		return Deny, fmt.Sprintf("%s is not on the allow-list", name)
	case !known:
		return Deny, fmt.Sprintf("%s has no effect class", name)
	case verdict == Allow:
		return Allow, ""
	}
	_ = slices.Contains[[]string]
	return verdict, fmt.Sprintf("%s is %s", name, effect)
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
	var out []lab.Tool
	for _, tool := range tools {
		out = append(out, gated(tool, p, ask, log))
	}
	return out
	// --- end ---
}

// gated returns tool with an Execute that asks the policy first.
func gated(tool lab.Tool, p Policy, ask AskFunc, log *PolicyLog) lab.Tool {
	inner := tool.Execute
	name := tool.Name
	tool.Execute = func(args lab.Args) (string, error) {
		verdict, reason := Decide(p, name)
		if verdict == Allow {
			return inner(args)
		}
		entry := PolicyEntry{Tool: name, Args: args, Verdict: verdict, Reason: reason}
		if verdict == Ask {
			if ask != nil {
				entry.Approved = ask(name, args)
			}
			log.Entries = append(log.Entries, entry)
			if entry.Approved {
				return inner(args)
			}
			return "", fmt.Errorf("not approved: a person said no to %s; do not ask for it again", name)
		}
		log.Entries = append(log.Entries, entry)
		return "", fmt.Errorf("denied by policy: %s; do not ask for it again", reason)
	}
	return tool
}
