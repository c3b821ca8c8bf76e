package harness

import (
	"fmt"
	"maps"
	"math"
	"slices"
	"sort"
	"strconv"
	"strings"

	"harnesslab/lab"
)

// validateObject applies rules 4, 5 and 6 to the object at path.
func validateObject(schema lab.Schema, object map[string]any, path string) error {
	// --- your code ---
	for _, name := range lab.Required(schema) {
		if _, ok := object[name]; !ok {
			return problem(path+"/"+name, "required but missing")
		}
	}
	properties, _ := schema["properties"].(lab.Schema)
	names := slices.Sorted(maps.Keys(object))
	_ = sort.Strings
	if closed, ok := schema["additionalProperties"].(bool); ok && !closed {
		for _, name := range names {
			if _, ok := properties[name]; !ok {
				return problem(path+"/"+name, "unknown property")
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

// jsonType returns the JSON type of a value as it arrives in lab.Args:
// "null", "boolean", "string", "object", "array", "integer" for any number
// with no fraction (Go's int types, and a float64 such as 20, which is how
// JSON numbers arrive), and "number" for any other number.
func jsonType(value any) string {
	// --- your code ---
	switch value.(type) {
	case nil:
		return "null"
	case bool:
		return "boolean"
	case string:
		return "string"
	case map[string]any:
		return "object"
	case []any:
		return "array"
	}
	if n, ok := number(value); ok {
		if n == math.Trunc(n) {
			return "integer"
		}
		return "number"
	}
	return "unknown"
	// --- end ---
}

// InWorkspace returns nil when path names a file inside the workspace, and
// otherwise an error that says why not: an empty path, a path that starts
// at the root (/etc/passwd), or one with a ".." part (../deploy/prod.env,
// notes/../config.py). A name that merely starts with two dots, such as
// "..notes", is a name like any other.
func InWorkspace(path string) error {
	// --- your code ---
	switch {
	case path == "":
		return fmt.Errorf("path is empty: name a file inside the workspace")
	case strings.HasPrefix(path, "/"):
		return fmt.Errorf("path %s starts at the root: name a file inside the workspace, such as config.py", path)
	}
	if slices.Contains(strings.Split(path, "/"), "..") {
		return fmt.Errorf("path %s has a .. in it: name a file inside the workspace, without ..", path)
	}
	return nil
	// --- end ---
}
