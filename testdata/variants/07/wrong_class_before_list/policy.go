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
	switch p.Effects[name] {
	case Read, Write:
		if !slices.Contains(p.Allowed, name) {
			return Deny, name + " is not on the allow-list"
		}
		return Allow, ""
	case External:
		return Ask, name + " is external"
	case Irreversible:
		return Deny, name + " is irreversible"
	}
	return Deny, name + " has no effect class"
	// --- end ---
}
