package harness

// PatchTools returns Patch's tools over the workspace ws, in this order:
// search, read (tracked by edits), read_lines, edit and run_command. Each
// keeps its big outputs as artifacts in ws, and each asks the policy
// (PatchEffects, every tool allowed) before it runs, putting the calls the
// policy sends to a person to ask and writing them in log.
func PatchTools(ws *lab.Workspace, edits *Edits, commands lab.Commands, ask AskFunc, log *PolicyLog) []lab.Tool {
	// --- your code ---
	tools := []lab.Tool{
		MakeSearchTool(ws),
		edits.Track(MakeReadTool(ws)),
		MakeReadLinesTool(ws),
		edits.EditTool(),
		MakeRunCommandTool(ws, commands),
	}
	names := make([]string, len(tools))
	for i, tool := range tools {
		names[i] = tool.Name
	}
	return Gate(tools, Policy{Effects: PatchEffects, Allowed: names}, ask, log)
	// --- end ---
}
