package harness

// validateObject applies rules 4, 5 and 6 to the object at path.
func validateObject(schema lab.Schema, object map[string]any, path string) error {
	// --- your code ---
	for _, name := range lab.Required(schema) {
		if _, ok := object[name]; !ok {
			return problem(path+"/"+name, "required but missing")
		}
	}
	properties, _ := schema["properties"].(lab.Schema)
	names := make([]string, 0, len(object))
	for name := range object {
		names = append(names, name)
	}
	sort.Strings(names)
	if closed, ok := schema["additionalProperties"].(bool); ok && !closed {
		for _, name := range names {
			if _, ok := properties[name]; !ok {
				return path + "/" + name + ": unknown property"
			}
		}
	}
	for _, name := range names {
		if sub, ok := properties[name].(lab.Schema); ok {
			if err := validateAt(sub, object[name], path+"/"+name); err != nil {
				return err
			}
		}
	}
	return nil
	// --- end ---
}
