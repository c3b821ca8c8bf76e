package harness

// checkArguments returns nil when the arguments of call keep to the schema
// of tool, its Parameters, and otherwise the error Validate gives for them.
func checkArguments(tool lab.Tool, call lab.Block) error {
	// --- your code ---
	for _, input := range lab.Required(tool.Parameters) {
		if _, ok := call.Arguments[input]; !ok {
			return fmt.Errorf("missing input %s", input)
		}
	}
	return nil
	// --- end ---
}
