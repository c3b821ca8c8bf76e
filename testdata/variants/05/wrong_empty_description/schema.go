package harness

// SchemaOf returns the schema of the arguments a tool decodes into s.
func SchemaOf(s lab.GoStruct) (lab.Schema, error) {
	// --- your code ---
	properties, required := lab.Schema{}, []string{}
	for _, f := range s.Fields {
		name := f.JSON
		switch name {
		case "-":
			continue
		case "":
			name = f.Name
		}
		property, ok := goType(f.Type)
		if !ok {
			return nil, fmt.Errorf("field %s: type %s has no JSON Schema here: use a string, a number, a bool, or a slice or a pointer of one", f.Name, f.Type)
		}
		property["description"] = f.Doc
		properties[name] = property
		if !f.OmitEmpty && !strings.HasPrefix(f.Type, "*") {
			required = append(required, name)
		}
	}
	return lab.Schema{"type": "object", "properties": properties, "required": required, "additionalProperties": false}, nil
	// --- end ---
}
