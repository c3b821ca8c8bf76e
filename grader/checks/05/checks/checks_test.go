package checks

import (
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"harnesslab/grader/checkkit"
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

// run runs check against validate and returns its verdict.
func run(t *testing.T, check checkkit.Check, validate func(lab.Schema, any) error) *checkkit.Verdict {
	t.Helper()
	S = Student{Validate: validate}
	defer func() { S = Student{} }()
	return checkkit.Run(check, time.Minute)
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
	g := newGenerator(5)
	valid, invalid := 0, 0
	broken := map[string]int{}
	for range 2 * casesPerSeed {
		tc := g.next()
		j, err := judge(tc.schema, tc.value)
		if err != nil {
			t.Fatal(err)
		}
		if j.valid {
			valid++
			continue
		}
		invalid++
		words := fmt.Sprint(refKinds(tc.schema, tc.value))
		for _, k := range []string{"type", "enum", "minimum", "maximum", "required", "additionalProperties"} {
			if strings.Contains(words, k) {
				broken[k]++
			}
		}
	}
	t.Logf("%d valid, %d invalid; keywords broken: %v", valid, invalid, broken)
	if valid < casesPerSeed/5 || invalid < casesPerSeed/5 {
		t.Errorf("%d valid and %d invalid cases: both should be at least a fifth of %d", valid, invalid, casesPerSeed)
	}
	for _, k := range []string{"type", "enum", "minimum", "maximum", "required", "additionalProperties"} {
		if broken[k] < 5 {
			t.Errorf("the keyword %s is broken in %d generated cases, fewer than 5", k, broken[k])
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

func TestDifferentialCheckPassesTheReference(t *testing.T) {
	if v := run(t, agreesWithReference, refValidate); !v.Passed {
		t.Errorf("agrees_with_reference fails the reference validator itself:\n%s", strings.Join(v.Failures, "\n"))
	}
}

func TestChecksCatchMistakes(t *testing.T) {
	tests := []struct {
		reason   string
		check    checkkit.Check
		validate func(lab.Schema, any) error
		says     string // part of the failures
	}{
		{"a validator that accepts everything disagrees with the reference",
			agreesWithReference, func(lab.Schema, any) error { return nil }, "accepts a value the reference validator refuses"},
		{"a validator that refuses what keeps to the schema disagrees with the reference",
			agreesWithReference, func(s lab.Schema, v any) error {
				if err := refValidate(s, v); err != nil {
					return err
				}
				return errors.New("/: no")
			}, "refuses a value the reference validator accepts"},
		{"a validator that names the wrong place is caught",
			agreesWithReference, func(s lab.Schema, v any) error {
				if err := refValidate(s, v); err != nil {
					return errors.New("/elsewhere: wrong")
				}
				return nil
			}, "names a place the reference validator finds nothing wrong with"},
		{"a validator that writes to the arguments is told so",
			wrongTypeNamed, func(s lab.Schema, v any) error {
				if m, ok := v.(map[string]any); ok {
					m["checked"] = true
				}
				return nil
			}, "Validate changed what it was handed"},
		{"answers that drift are counted",
			sameWordsEveryTime, drifting(), "should give the same words every time"},
	}
	for _, tt := range tests {
		v := run(t, tt.check, tt.validate)
		if v.Passed {
			t.Errorf("%s: the check passed", tt.reason)
			continue
		}
		if all := strings.Join(v.Failures, "\n"); !strings.Contains(all, tt.says) {
			t.Errorf("%s: the failures do not say %q:\n%s", tt.reason, tt.says, all)
		}
	}
}

// drifting returns a Validate whose words change from call to call.
func drifting() func(lab.Schema, any) error {
	n := 0
	return func(lab.Schema, any) error {
		n++
		return fmt.Errorf("/x%d: wrong", n%3)
	}
}

// refKinds returns the kinds of error the reference finds, as text.
func refKinds(schema lab.Schema, value any) string {
	doc, _ := asJSON(schema)
	instance, _ := asJSON(value)
	return kindsOf(doc, instance)
}
