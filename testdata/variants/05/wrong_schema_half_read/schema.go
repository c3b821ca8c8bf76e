package harness

// Validate returns nil when value keeps to schema, and otherwise an error
// naming the first place where it does not.
func Validate(schema lab.Schema, value any) error {
	// Reads a type given as a list, and a true or false sub-schema, as if
	// they were not there, and so accepts values the schema forbids.
	return validateAt(schema, value, "")
}
