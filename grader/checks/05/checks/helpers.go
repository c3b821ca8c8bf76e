package checks

import (
	"fmt"
	"reflect"

	"harnesslab/grader/checkkit"
	"harnesslab/lab"
)

// vcase is one question for the student's Validate: a schema, a value, and
// the words Validate must answer with ("" when the value keeps to the schema).
type vcase struct {
	schema lab.Schema
	value  any
	want   string
	note   string // what the case is about, for the student; may be ""
}

// copyOf returns a deep copy of a value as lab.Args and lab.Schema hold
// them: maps, []any and []string are copied, and an empty list stays an
// empty list rather than becoming nil.
func copyOf(value any) any {
	switch v := value.(type) {
	case map[string]any:
		if v == nil {
			return v
		}
		out := make(map[string]any, len(v))
		for k, x := range v {
			out[k] = copyOf(x)
		}
		return out
	case []any:
		out := make([]any, len(v))
		for i, x := range v {
			out[i] = copyOf(x)
		}
		return out
	case []string:
		return append(make([]string, 0, len(v)), v...)
	}
	return value
}

// show writes a value or a schema the way the lesson writes JSON.
func show(value any) string {
	if m, ok := value.(map[string]any); ok && m == nil {
		return "{} (a nil map)"
	}
	return lab.EncodeJSON(value)
}

// verdict writes what Validate answered, in words.
func verdict(words string) string {
	if words == "" {
		return "nil (the value keeps to the schema)"
	}
	return fmt.Sprintf("%q", words)
}

// validate calls the student's Validate with copies of schema and value and
// returns its words, "" for nil. It records a failure if Validate changed
// what it was handed: the schema belongs to the tool, the value to the
// model's reply, and both are read again later.
func validate(c *checkkit.C, schema lab.Schema, value any) string {
	givenSchema, givenValue := copyOf(schema).(map[string]any), copyOf(value)
	err := S.Validate(givenSchema, givenValue)
	if !reflect.DeepEqual(schema, givenSchema) || !reflect.DeepEqual(value, givenValue) {
		c.Errorf("Validate changed what it was handed: asked about %s against the schema %s, it left the value as %s "+
			"and the schema as %s. Both are read again later (the schema goes out with every request, the value "+
			"stays in the model's reply): read them, never write to them.",
			show(value), show(schema), show(givenValue), show(givenSchema))
	}
	if err == nil {
		return ""
	}
	return err.Error()
}

// expect asks Validate about every case, and records a failure for each
// answer that is not the one the case wants. It returns false if any was
// wrong.
func expect(c *checkkit.C, cases []vcase) bool {
	ok := true
	for _, tc := range cases {
		got := validate(c, tc.schema, tc.value)
		if got == tc.want {
			continue
		}
		ok = false
		note := ""
		if tc.note != "" {
			note = " (" + tc.note + ")"
		}
		c.Errorf("Validate(schema, value) with the schema %s and the value %s%s:\n  expected: %s\n  got:      %s",
			show(tc.schema), show(tc.value), note, verdict(tc.want), verdict(got))
	}
	return ok
}

// object returns the schema of an object with the given properties.
func object(properties lab.Schema, more ...any) lab.Schema {
	s := lab.Schema{"type": "object", "properties": properties}
	for i := 0; i+1 < len(more); i += 2 {
		s[more[i].(string)] = more[i+1]
	}
	return s
}

// typed returns the schema {"type": t}, with more keywords if given.
func typed(t string, more ...any) lab.Schema {
	s := lab.Schema{"type": t}
	for i := 0; i+1 < len(more); i += 2 {
		s[more[i].(string)] = more[i+1]
	}
	return s
}
