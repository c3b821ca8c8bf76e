package harness

import (
	"fmt"
	"math"
	"slices"
	"sort"
	"strconv"
	"strings"

	"harnesslab/lab"
)

// validateAt checks value, found at path, against schema: the rules of
// Validate, in their order. Rules 6 and 7 call it again, one level down.
func validateAt(schema lab.Schema, value any, path string) error {
	// --- your code ---
	kind := jsonType(value)
	if want, ok := schema["type"].(string); ok && want != kind && !(want == "number" && kind == "integer") {
		return problem(path, "expected %s, got %s", want, describe(value))
	}
	if allowed, ok := listOf(schema["enum"]); ok && !slices.Contains(allowed, value) {
		return problem(path, "expected one of %s, got %s", lab.EncodeJSON(allowed), describe(value))
	}
	if n, ok := number(value); ok {
		if low, ok := number(schema["minimum"]); ok && n < low {
			return problem(path, "expected at least %s, got %s", lab.EncodeJSON(schema["minimum"]), lab.EncodeJSON(value))
		}
		if high, ok := number(schema["maximum"]); ok && n > high {
			return problem(path, "expected at most %s, got %s", lab.EncodeJSON(schema["maximum"]), lab.EncodeJSON(value))
		}
	}
	switch v := value.(type) {
	case map[string]any:
		return validateObject(schema, v, path)
	case []any:
		if items, ok := schema["items"].(lab.Schema); ok {
			for i, item := range v {
				if err := validateAt(items, item, path+"/"+strconv.Itoa(i)); err != nil {
					return err
				}
			}
		}
	}
	return nil
	// --- end ---
}
