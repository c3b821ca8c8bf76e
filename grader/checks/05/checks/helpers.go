package checks

import (
	"fmt"
	"strings"

	"harnesslab/grader/checkkit"
	"harnesslab/grader/checks/05/play"
	"harnesslab/lab"
)

// vcase is one question for Validate: a schema, a value, and the words the
// lesson says Validate answers with ("" when the value keeps to the
// schema). The words are never handed to the player: the judge holds the
// reference to them, as an invariant, and compares the student with the
// reference.
type vcase struct {
	schema lab.Schema
	value  any
	want   string
	note   string // what the case is about, for the student; may be ""
}

// ask is the question of tc, as the player is handed it.
func ask(tc vcase) play.Ask {
	return play.Ask{Schema: play.Of(tc.schema), Value: play.Of(tc.value)}
}

// asked is the judgement of a check made of hand-written questions.
func asked(cases func() []checkkit.Data[[]vcase]) checkkit.Judgement {
	return checkkit.Judgement{
		Scenario: func() any { return mapSets(cases(), ask) },
		Judge: func(c *checkkit.C, yours, ref checkkit.Observed) {
			checkkit.EachScenario(c, cases(), func(k int, set []vcase) {
				for i, tc := range set {
					got, want := both[play.Answer](c, yours, ref, k, i)
					if !sameAnswer(want, wordsOf(tc.want)) {
						c.KitFatalf("the reference answered %s about %s against %s, where the lesson says %s",
							verdict(want), play.Show(tc.value), play.Show(tc.schema), verdict(wordsOf(tc.want)))
					}
					compareAnswer(c, tc.schema, tc.value, tc.note, got, want)
				}
			})
		},
	}
}

// compareAnswer fails c when Validate changed what it was handed or answered
// other words than the reference.
func compareAnswer(c *checkkit.C, schema lab.Schema, value any, note string, got, want play.Answer) {
	if want.Changed {
		c.KitFatalf("the reference's Validate changed what it was handed: %s against %s", play.Show(value), play.Show(schema))
	}
	if got.Changed {
		c.Errorf("Validate changed what it was handed: asked about %s against the schema %s, it left the value as %s "+
			"and the schema as %s. Both are read again later (the schema goes out with every request, the value "+
			"stays in the model's reply): read them, never write to them.",
			play.Show(value), play.Show(schema), got.Value, got.Schema)
	}
	if sameAnswer(got, want) {
		return
	}
	if note != "" {
		note = " (" + note + ")"
	}
	c.Errorf("Validate(schema, value) with the schema %s and the value %s%s%s:\n  expected: %s\n  got:      %s",
		play.Show(schema), play.Show(value), goTypes(value), note, verdict(want), verdict(got))
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

// goTypes says which numbers inside value are not the float64 that JSON
// decoding gives, since JSON shows 50 the same whether it is a float32 or
// a uint8: " (in Go, /limit is a float32)". It is "" when all are float64.
func goTypes(value any) string {
	var notes []string
	var walk func(v any, path string)
	walk = func(v any, path string) {
		switch x := v.(type) {
		case map[string]any:
			for _, k := range sortedKeys(x) {
				walk(x[k], path+"/"+k)
			}
		case []any:
			for i, item := range x {
				walk(item, fmt.Sprintf("%s/%d", path, i))
			}
		case nil, bool, string, float64, []string:
		default:
			if path == "" {
				path = "/"
			}
			article := "a"
			if strings.HasPrefix(fmt.Sprintf("%T", v), "int") {
				article = "an"
			}
			notes = append(notes, fmt.Sprintf("%s is %s %T", path, article, v))
		}
	}
	walk(value, "")
	if len(notes) == 0 {
		return ""
	}
	if len(notes) > 4 {
		notes = append(notes[:4], "...")
	}
	return " (in Go, " + strings.Join(notes, ", ") + ")"
}
