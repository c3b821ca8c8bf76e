// One schema, eight values a model might send for it. Validate says which
// keep to it, and why the others do not.
package main

import (
	"fmt"

	"harnesslab/lab"
	harness "harnesslab/lessons/05-the-contract"
)

func main() {
	schema := lab.Schema{
		"type":                 "object",
		"properties":           lab.Schema{"limit": lab.Schema{"type": "integer", "minimum": 1, "maximum": 50}},
		"additionalProperties": false,
	}
	for _, v := range []struct {
		label string
		value any
	}{
		{`"20", a string`, "20"},
		{"20, a Go int", 20},
		{"20.0, a float64 (JSON)", 20.0},
		{"2.5", 2.5},
		{"50, the maximum", 50.0},
		{"0", 0.0},
		{"true", true},
		{"null", nil},
	} {
		err := harness.Validate(schema, lab.Args{"limit": v.value})
		verdict := "keeps to it"
		if err != nil {
			verdict = err.Error()
		}
		fmt.Printf("%-24s %s\n", v.label, verdict)
	}
	err := harness.Validate(schema, lab.Args{"limit": 20.0, "sort": "newest"})
	fmt.Printf("%-24s %v\n", "20.0 and a sort field", err)
}
