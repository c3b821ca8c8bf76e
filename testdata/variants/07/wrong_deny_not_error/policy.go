package harness

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
			return fmt.Sprintf("denied by policy: %s; do not ask for it again", reason), nil
		}
		guarded[i] = tool
	}
	return guarded
	// --- end ---
}
