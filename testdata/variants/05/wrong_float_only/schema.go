package harness

import (
	"fmt"
	"sort"
	"strconv"
	"strings"

	"harnesslab/lab"
)

// jsonType returns the JSON type of a value as it arrives in lab.Args:
// "null", "boolean", "string", "object", "array", "integer" for any number
// with no fraction (Go's int types, and a float64 such as 20, which is how
// JSON numbers arrive), and "number" for any other number.
func jsonType(value any) string {
	// --- your code ---
	switch v := value.(type) {
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
	case float64:
		if v == float64(int64(v)) {
			return "integer"
		}
		return "number"
	case float32:
		if v == float32(int64(v)) {
			return "integer"
		}
		return "number"
	}
	return fmt.Sprintf("%T", value)
	// --- end ---
}
