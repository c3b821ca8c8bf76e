package checks

import (
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"harnesslab/grader/checkkit"
	"harnesslab/grader/checks/05/play"
	"harnesslab/grader/results"
	"harnesslab/lab"
)

// refValidate is a Validate that follows the lesson's rules, written here
// from the reference validator so the tests do not depend on the student
// package: it answers with the first place the reference finds wrong, in the
// lesson's order of places (sorted), which is enough for the checks that
// compare verdicts and places.
func refValidate(schema lab.Schema, value any) error {
	j, err := judge(schema, value)
	if err != nil {
		panic(err)
	}
	if j.valid {
		return nil
	}
	return errors.New(j.places[0] + ": wrong")
}

// observe plays check name with validate as the code under play, and returns
// what it recorded.
func observe(t *testing.T, name string, validate func(lab.Schema, any) error) checkkit.Observed {
	t.Helper()
	play.S = play.Student{Validate: validate}
	defer func() { play.S = play.Student{} }()
	var seen checkkit.Observed
	capture := checkkit.Judgement{Scenario: Judges[name].Scenario, Judge: func(_ *checkkit.C, _, ref checkkit.Observed) { seen = ref }}
	if v := checkkit.Decide(play.Plays[name], capture, checkkit.Played{}, time.Minute); !v.Passed {
		t.Fatalf("playing %s failed: %s", name, strings.Join(v.Failures, "\n"))
	}
	return seen
}

// decide judges check name: yours plays the student, ref the reference.
func decide(t *testing.T, name string, yours, ref func(lab.Schema, any) error) *checkkit.Verdict {
	t.Helper()
	observed := observe(t, name, yours)
	play.S = play.Student{Validate: ref}
	defer func() { play.S = play.Student{} }()
	return checkkit.Decide(play.Plays[name], Judges[name], checkkit.Played{Yours: observed}, time.Minute)
}

func TestJudgesAndPlaysMatch(t *testing.T) {
	for name := range Judges {
		if play.Plays[name] == nil {
			t.Errorf("check %s is judged but never played", name)
		}
	}
	for name := range play.Plays {
		if _, ok := Judges[name]; !ok {
			t.Errorf("check %s is played but has no judgement", name)
		}
	}
}

func TestScenariosAreTheSameEveryTime(t *testing.T) {
	for name, j := range Judges {
		a, _ := json.Marshal(j.Scenario())
		b, _ := json.Marshal(j.Scenario())
		if string(a) != string(b) {
			t.Errorf("the scenario of %s changes from call to call: a verdict could not be repeated", name)
		}
	}
}

func TestGeneratorIsReproducible(t *testing.T) {
	a, b := newGenerator(7), newGenerator(7)
	for i := range 200 {
		x, y := a.next(), b.next()
		if lab.EncodeJSON(x.schema) != lab.EncodeJSON(y.schema) || lab.EncodeJSON(x.value) != lab.EncodeJSON(y.value) {
			t.Fatalf("case %d of seed 7 differs between two generators: a disagreement could not be shown again", i+1)
		}
	}
}

func TestGeneratorCoversTheSubset(t *testing.T) {
	// The differential check is only as good as its cases: both verdicts must
	// be common, and every keyword of the subset must be broken somewhere.
	for name, cases := range map[string][]generated{"the differential check": differentialCases(5), "the generated check": generatedValueCases()} {
		valid, invalid := 0, 0
		broken := map[string]int{}
		for _, tc := range cases {
			j, err := judge(tc.schema, tc.value)
			if err != nil {
				t.Fatal(err)
			}
			if j.valid {
				valid++
				continue
			}
			invalid++
			words := refKinds(tc.schema, tc.value)
			for _, k := range []string{"type", "enum", "minimum", "maximum", "required", "additionalProperties"} {
				if strings.Contains(words, k) {
					broken[k]++
				}
			}
		}
		t.Logf("%s: %d valid, %d invalid; keywords broken: %v", name, valid, invalid, broken)
		if valid < len(cases)/5 || invalid < len(cases)/5 {
			t.Errorf("%s: %d valid and %d invalid cases: both should be at least a fifth of %d", name, valid, invalid, len(cases))
		}
		for _, k := range []string{"type", "enum", "minimum", "maximum", "required", "additionalProperties"} {
			if broken[k] < 5 {
				t.Errorf("%s: the keyword %s is broken in %d generated cases, fewer than 5", name, k, broken[k])
			}
		}
	}
}

func TestGeneratedValuesHoldTheShapesTheREADMEAllows(t *testing.T) {
	// Issue 18 found wrong validators that pass every hand-written case: the
	// generated questions must hold each of these shapes many times.
	counts := map[string]int{}
	var walk func(v any)
	walk = func(v any) {
		switch x := v.(type) {
		case float32:
			counts["a float32"]++
		case uint64:
			if x > math.MaxInt64 {
				counts["a uint64 past 2^63"]++
			}
		case float64:
			if x == math.Trunc(x) && math.Abs(x) >= 1<<63 {
				counts["a whole float64 past 2^63"]++
			}
			if math.Abs(x) > 1e6 && math.Abs(x) < 1e7 {
				counts["a float64 past a million"]++
			}
		case int:
			if x > 1e6 {
				counts["an int past a million"]++
			}
		case string:
			if utf8.RuneCountInString(x) != len(x) {
				counts["text that is not ASCII"]++
			}
		case map[string]any:
			if _, ok := x["enum"]; ok && (x["minimum"] != nil || x["maximum"] != nil) {
				counts["an enum beside bounds"]++
			}
			if x["Path"] != nil && x["path"] != nil || x["Café"] != nil && x["café"] != nil {
				counts["names that differ only in case"]++
			}
			for k, item := range x {
				if utf8.RuneCountInString(k) != len(k) {
					counts["a name that is not ASCII"]++
				}
				walk(item)
			}
		case []any:
			for _, item := range x {
				walk(item)
			}
		}
	}
	for _, g := range generatedValueCases() {
		walk(g.schema)
		walk(g.value)
	}
	t.Logf("shapes: %v", counts)
	for _, shape := range []string{"a float32", "a uint64 past 2^63", "a whole float64 past 2^63", "a float64 past a million",
		"an int past a million", "text that is not ASCII", "an enum beside bounds", "names that differ only in case", "a name that is not ASCII"} {
		if counts[shape] < 10 {
			t.Errorf("the generated questions hold %s %d times, fewer than 10", shape, counts[shape])
		}
	}
}

func TestJudgeNamesMissingAndUnknownByTheirOwnPath(t *testing.T) {
	schema := lab.Schema{"type": "object", "properties": lab.Schema{"a": lab.Schema{"type": "object",
		"properties": lab.Schema{"b": lab.Schema{"type": "integer"}}, "required": []string{"b"}, "additionalProperties": false}}}
	tests := []struct {
		value any
		want  string
	}{
		{lab.Args{"a": lab.Args{}}, "[/a/b]"},
		{lab.Args{"a": lab.Args{"b": 1, "c": 2}}, "[/a/c]"},
		{lab.Args{"a": lab.Args{"b": "1"}}, "[/a/b]"},
		{lab.Args{"a": 3}, "[/a]"},
	}
	for _, tt := range tests {
		j, err := judge(schema, tt.value)
		if err != nil {
			t.Fatal(err)
		}
		if got := fmt.Sprint(j.places); j.valid || got != tt.want {
			t.Errorf("judge(%s) = valid %v, places %s; want invalid at %s", lab.EncodeJSON(tt.value), j.valid, got, tt.want)
		}
	}
}

func TestDifferentialChecksPassWhatAgrees(t *testing.T) {
	for _, name := range []string{"agrees_with_reference", "generated_values_agree"} {
		if v := decide(t, name, refValidate, refValidate); !v.Passed {
			t.Errorf("%s fails a validator that answers as the reference does:\n%s", name, strings.Join(v.Failures, "\n"))
		}
	}
}

func TestChecksCatchMistakes(t *testing.T) {
	tests := []struct {
		reason   string
		check    string
		validate func(lab.Schema, any) error
		says     string // part of the failures
	}{
		{"a validator that accepts everything disagrees with the reference",
			"agrees_with_reference", func(lab.Schema, any) error { return nil }, "accepts a value the reference validator refuses"},
		{"a validator that refuses what keeps to the schema disagrees with the reference",
			"agrees_with_reference", func(s lab.Schema, v any) error {
				if err := refValidate(s, v); err != nil {
					return err
				}
				return errors.New("/: no")
			}, "refuses a value the reference validator accepts"},
		{"a validator that names the wrong place is caught",
			"agrees_with_reference", func(s lab.Schema, v any) error {
				if err := refValidate(s, v); err != nil {
					return errors.New("/elsewhere: wrong")
				}
				return nil
			}, "names a place the reference validator finds nothing wrong with"},
		{"other words than the reference's are caught on generated questions",
			"generated_values_agree", func(s lab.Schema, v any) error {
				if err := refValidate(s, v); err != nil {
					return errors.New(strings.ToUpper(err.Error()))
				}
				return nil
			}, "expected: "},
		{"a validator that writes to the arguments is told so",
			"generated_values_agree", func(s lab.Schema, v any) error {
				if m, ok := v.(map[string]any); ok && m != nil {
					m["checked"] = true
				}
				return refValidate(s, v)
			}, "Validate changed what it was handed"},
	}
	for _, tt := range tests {
		v := decide(t, tt.check, tt.validate, refValidate)
		if v.Passed {
			t.Errorf("%s: the check passed", tt.reason)
			continue
		}
		if v.Kind == results.KindKitError {
			t.Errorf("%s: the kit was blamed:\n%s", tt.reason, strings.Join(v.Failures, "\n"))
		}
		if all := strings.Join(v.Failures, "\n"); !strings.Contains(all, tt.says) {
			t.Errorf("%s: the failures do not say %q:\n%s", tt.reason, tt.says, all)
		}
	}
}

func TestAReferenceThatBreaksTheLessonIsTheKitsFault(t *testing.T) {
	v := decide(t, "agrees_with_reference", refValidate, func(lab.Schema, any) error { return nil })
	if v.Passed || v.Kind != results.KindKitError {
		t.Errorf("a reference that accepts everything should fail agrees_with_reference as the kit's fault; got %+v", v)
	}
}

func TestAnswersThatDriftAreCounted(t *testing.T) {
	n := 0
	drifting := func(lab.Schema, any) error {
		n++
		return fmt.Errorf("/x%d: wrong", n%3)
	}
	fixed := func(s lab.Schema, v any) error {
		if _, ok := v.(map[string]any)["path"]; ok {
			return errors.New("/bb: unknown property")
		}
		return errors.New("/a: expected string, got integer 3")
	}
	v := decide(t, "same_words_every_time", drifting, fixed)
	if v.Passed || !strings.Contains(strings.Join(v.Failures, "\n"), "should give the same words every time") {
		t.Errorf("drifting answers were not told: %+v", v)
	}
}

// refKinds returns the kinds of error the reference finds, as text.
func refKinds(schema lab.Schema, value any) string {
	doc, _ := asJSON(schema)
	instance, _ := asJSON(value)
	return kindsOf(doc, instance)
}
