package harness

// ToolOf returns the tool called name whose arguments are the struct s.
func ToolOf(name string, s lab.GoStruct, execute func(lab.Args) (string, error)) (lab.Tool, error) {
	// --- your code ---
	schema, err := SchemaOf(s)
	if err != nil {
		return lab.Tool{}, err
	}
	return lab.Tool{Name: name, Description: s.Doc, Parameters: schema, Execute: execute}, nil
	// --- end ---
}
