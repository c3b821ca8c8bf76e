package harness

// checkArguments returns nil when the arguments of call keep to the schema
// of tool, its Parameters, and otherwise the error Validate gives for them.
func checkArguments(tool lab.Tool, call lab.Block) error {
	// --- your code ---
	if err := Validate(tool.Parameters, call.Arguments); err != nil {
		return fmt.Errorf("invalid arguments for %s: %v", tool.Name, err)
	}
	return nil
	// --- end ---
}
