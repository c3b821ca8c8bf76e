package harness

// ToolName returns the name the model sees for the tool called tool on the
// server called server: the two joined by NameSeparator. Two servers that
// both offer "search" give two names, and a policy written for one never
// matches the other.
func ToolName(server, tool string) string {
	// --- your code ---
	return tool
	// --- end ---
}
