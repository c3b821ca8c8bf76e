package play

import (
	"reflect"

	"harnesslab/grader/checkkit"
	"harnesslab/lab"
)

// Ask is one question for Validate: a schema and a value.
type Ask struct {
	Schema Value `json:"schema"`
	Value  Value `json:"value"`
}

// Answer is what Validate said about one value: nil, or an error's words.
// Changed says Validate changed the schema or the value it was handed (a
// change JSON may not show, such as a []string made a []any); Schema and
// Value are then what they were left as.
type Answer struct {
	Nil     bool   `json:"nil"`
	Words   string `json:"words"`
	Changed bool   `json:"changed"`
	Schema  string `json:"schema,omitempty"`
	Value   string `json:"value,omitempty"`
}

// Repeat is one question asked Times times over.
type Repeat struct {
	Ask
	Times int `json:"times"`
}

// Validated asks the code under play about a.
func Validated(a Ask) Answer {
	schema, value := a.Schema.Value(), a.Value.Value()
	givenSchema, givenValue := a.Schema.Value(), a.Value.Value()
	s, _ := givenSchema.(map[string]any)
	err := S.Validate(s, givenValue)
	out := Answer{Nil: err == nil}
	if err != nil {
		out.Words = err.Error()
	}
	if !reflect.DeepEqual(schema, givenSchema) || !reflect.DeepEqual(value, givenValue) {
		out.Changed, out.Schema, out.Value = true, Show(givenSchema), Show(givenValue)
	}
	return out
}

// Show writes a value or a schema the way the lesson writes JSON.
func Show(value any) string {
	if m, ok := value.(map[string]any); ok && m == nil {
		return "{} (a nil map)"
	}
	return lab.EncodeJSON(value)
}

// playAsks asks Validate every question of the scenario.
func playAsks(c *checkkit.C) {
	eachItem(c, func(key string, a Ask) { c.Observe(key, Validated(a)) })
}

// playRepeats asks Validate each question as many times as it says.
func playRepeats(c *checkkit.C) {
	eachItem(c, func(key string, r Repeat) {
		answers := make([]Answer, r.Times)
		for i := range answers {
			answers[i] = Validated(r.Ask)
		}
		c.Observe(key, answers)
	})
}

// playPaths asks InWorkspace about every path of the scenario.
func playPaths(c *checkkit.C) {
	eachItem(c, func(key string, path string) { c.Observe(key, inWorkspace(path)) })
}

// inWorkspace asks the code under play about path.
func inWorkspace(path string) Answer {
	err := S.InWorkspace(path)
	if err == nil {
		return Answer{Nil: true}
	}
	return Answer{Words: err.Error()}
}
