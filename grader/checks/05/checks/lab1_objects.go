package checks

import (
	"fmt"
	"sort"

	"harnesslab/grader/checkkit"
	"harnesslab/grader/checks/05/play"
	"harnesslab/lab"
)

// Lab 1: a validator for the contract. The checks of objects and arrays:
// paths, required and unknown properties, and the order of the rules.

func pathCases() []checkkit.Data[[]vcase] {
	s := object(lab.Schema{
		"filters": object(lab.Schema{"sector": typed("string", "enum", []string{"health", "food"}), "district": typed("string")}),
		"ids":     typed("array", "items", typed("integer")),
		"rows":    typed("array", "items", object(lab.Schema{"name": typed("string")})),
		"grid":    typed("array", "items", typed("array", "items", typed("integer"))),
	})
	t := object(lab.Schema{
		"where": object(lab.Schema{"near": object(lab.Schema{"km": typed("number", "maximum", 100)})}),
		"pages": typed("array", "items", typed("integer", "minimum", 1)),
		"files": typed("array", "items", object(lab.Schema{"path": typed("string")}, "required", []string{"path"})),
	})
	return []checkkit.Data[[]vcase]{
		{Name: "filters, ids, rows", Data: []vcase{
			{s, lab.Args{"filters": lab.Args{"sector": "sanitation"}}, `/filters/sector: expected one of ["health", "food"], got string "sanitation"`, ""},
			{s, lab.Args{"filters": lab.Args{"district": "Kessan", "sector": "water"}}, `/filters/sector: expected one of ["health", "food"], got string "water"`,
				"every property is checked: district is fine, sector is not"},
			{s, lab.Args{"filters": lab.Args{"district": 3}}, `/filters/district: expected string, got integer 3`, ""},
			{s, lab.Args{"ids": []any{1.0, 2.0, "3"}}, `/ids/2: expected integer, got string "3"`, "an item is named by its index, from 0"},
			{s, lab.Args{"ids": []any{}}, "", "an empty array has no wrong items"},
			{s, lab.Args{"rows": []any{lab.Args{"name": "a"}, lab.Args{"name": 5.0}}}, `/rows/1/name: expected string, got integer 5`, ""},
			{s, lab.Args{"grid": []any{[]any{1.0, 2.0}, []any{3.0, "x"}}}, `/grid/1/1: expected integer, got string "x"`, ""},
			{s, lab.Args{"filters": lab.Args{"sector": "food", "district": "Kessan"}, "ids": []any{4.0}, "rows": []any{}}, "", ""},
		}},
		{Name: "where, pages, files", Data: []vcase{
			{t, lab.Args{"where": lab.Args{"near": lab.Args{"km": 250.0}}}, `/where/near/km: expected at most 100, got 250`, ""},
			{t, lab.Args{"where": lab.Args{"near": "here"}}, `/where/near: expected object, got string "here"`, ""},
			{t, lab.Args{"pages": []any{1.0, 2.0, 0.0}}, `/pages/2: expected at least 1, got 0`, "an item is named by its index, from 0"},
			{t, lab.Args{"files": []any{lab.Args{"path": "a.md"}, lab.Args{}}}, `/files/1/path: required but missing`, ""},
			{t, lab.Args{"files": []any{lab.Args{"path": 1.0}}}, `/files/0/path: expected string, got integer 1`, ""},
			{t, lab.Args{"where": lab.Args{"near": lab.Args{"km": 3.5}}, "pages": []any{7.0}}, "", ""},
		}},
	}
}

func requiredCases() []checkkit.Data[[]vcase] {
	s := object(lab.Schema{"query": typed("string"), "path": typed("string"), "note": lab.Schema{"description": "Anything."}},
		"required", []string{"query", "path"})
	j := object(lab.Schema{"path": typed("string")}, "required", []any{"path"})
	nested := object(lab.Schema{"filters": object(lab.Schema{"district": typed("string")}, "required", []string{"district"})})
	t := object(lab.Schema{"to": typed("string"), "subject": typed("string"), "body": typed("string"), "cc": lab.Schema{}},
		"required", []any{"to", "subject", "body", "cc"})
	return []checkkit.Data[[]vcase]{
		{Name: "query and path", Data: []vcase{
			{s, lab.Args{}, `/query: required but missing`, "the first name in the order of required"},
			{s, lab.Args{"path": "a.md"}, `/query: required but missing`, ""},
			{s, lab.Args{"query": "flood"}, `/path: required but missing`, ""},
			{s, lab.Args{"query": nil, "path": "a.md"}, `/query: expected string, got null`, "a property that is there with the value null is there: its type is what is wrong"},
			{s, lab.Args{"path": 5.0}, `/query: required but missing`, "required comes before the types of the properties"},
			{s, lab.Args{"query": "flood", "path": "a.md", "note": nil}, "", ""},
			{s, lab.Args(nil), `/query: required but missing`, "the arguments are a nil map"},
			{j, lab.Args{}, `/path: required but missing`, "required is a []any, as JSON decoding gives it"},
			{nested, lab.Args{"filters": lab.Args{}}, `/filters/district: required but missing`, ""},
			{nested, lab.Args(nil), "", "nothing is required at the top, so a nil map keeps to it"},
		}},
		{Name: "an e-mail's fields", Data: []vcase{
			{t, lab.Args{"to": "team", "body": "hi", "cc": nil}, `/subject: required but missing`, "required is a []any, as JSON decoding gives it"},
			{t, lab.Args{"to": "team", "subject": "s", "body": "b"}, `/cc: required but missing`, ""},
			{t, lab.Args{"to": "team", "subject": "s", "body": "b", "cc": nil}, "", "a property that is there with the value null is there"},
			{t, lab.Args{"subject": 1.0}, `/to: required but missing`, "required comes before the types of the properties"},
			{j, lab.Args{"path": ""}, "", "an empty string is there"},
		}},
	}
}

func unknownCases() []checkkit.Data[[]vcase] {
	closed := object(lab.Schema{"path": typed("string")}, "required", []string{"path"}, "additionalProperties", false)
	open := object(lab.Schema{"path": typed("string")}, "required", []string{"path"})
	openTrue := object(lab.Schema{"path": typed("string")}, "additionalProperties", true)
	empty := lab.Schema{"type": "object", "additionalProperties": false}
	nested := object(lab.Schema{"range": object(lab.Schema{"from": typed("integer"), "to": typed("integer")}, "additionalProperties", false)})
	return []checkkit.Data[[]vcase]{
		{Name: "a read tool", Data: []vcase{
			{closed, lab.Args{"path": "a.md", "file": "b.md"}, `/file: unknown property`, ""},
			{closed, lab.Args{"path": "a.md", "sort": "new"}, `/sort: unknown property`, ""},
			{closed, lab.Args{"path": "a.md"}, "", ""},
			{open, lab.Args{"path": "a.md", "file": "b.md"}, "", "without additionalProperties: false, other properties are allowed"},
			{openTrue, lab.Args{"path": "a.md", "file": "b.md"}, "", "additionalProperties: true allows other properties"},
			{closed, lab.Args{"file": "b.md"}, `/path: required but missing`, "required comes before unknown properties"},
			{closed, lab.Args{"path": 5.0, "x": 1.0}, `/x: unknown property`, "unknown properties come before the types of the properties"},
		}},
		{Name: "ranges and empty objects", Data: []vcase{
			{nested, lab.Args{"range": lab.Args{"from": 1.0, "to": 3.0, "step": 1.0}}, `/range/step: unknown property`, ""},
			{nested, lab.Args{"range": lab.Args{"from": 1.0}, "other": true}, "", "only the inner object is closed"},
			{empty, lab.Args{"a": 1.0}, `/a: unknown property`, "an object with no properties listed and additionalProperties: false allows none"},
			{empty, lab.Args{}, "", ""},
			{empty, lab.Args(nil), "", "the arguments are a nil map: no properties"},
			{closed, lab.Args{"path": "a.md", "Path": "b.md"}, `/Path: unknown property`, "names match exactly"},
		}},
	}
}

// repeat is one value asked about repeatTimes times, and the words the
// lesson says Validate answers with every time.
type repeat struct {
	schema lab.Schema
	value  lab.Args
	want   string
	why    string
}

// repeatTimes is how often the same question is asked.
const repeatTimes = 40

func repeatCases() []checkkit.Data[repeat] {
	return []checkkit.Data[repeat]{
		{Name: "four wrong types", Data: repeat{
			object(lab.Schema{"d": typed("string"), "b": typed("string"), "a": typed("string"), "c": typed("string"), "e": typed("string")}),
			lab.Args{"d": 1.0, "b": 2.0, "a": 3.0, "c": 4.0, "e": 5.0},
			`/a: expected string, got integer 3`, "the properties go by their names, in sorted order"}},
		{Name: "four unknown properties", Data: repeat{
			object(lab.Schema{"path": typed("string")}, "additionalProperties", false),
			lab.Args{"path": "a.md", "zz": 1.0, "mm": 2.0, "kk": 3.0, "bb": 4.0, "yy": 5.0},
			`/bb: unknown property`, "unknown properties go in sorted order"}},
	}
}

func repeatScenario() any {
	var out []checkkit.Data[[]play.Repeat]
	for _, set := range repeatCases() {
		r := play.Repeat{Ask: play.Ask{Schema: play.Of(set.Data.schema), Value: play.Of(set.Data.value)}, Times: repeatTimes}
		out = append(out, checkkit.Data[[]play.Repeat]{Name: set.Name, Data: []play.Repeat{r}})
	}
	return out
}

func judgeRepeats(c *checkkit.C, yours, ref checkkit.Observed) {
	checkkit.EachScenario(c, repeatCases(), func(k int, d repeat) {
		got, want := both[[]play.Answer](c, yours, ref, k, 0)
		for _, a := range want {
			if !sameAnswer(a, wordsOf(d.want)) {
				c.KitFatalf("the reference answered %s about %s, where the lesson says %s", verdict(a), play.Show(d.value), verdict(wordsOf(d.want)))
			}
		}
		seen := map[string]int{}
		same := len(got) == repeatTimes
		for _, a := range got {
			seen[verdict(a)]++
			same = same && sameAnswer(a, want[0])
		}
		if same {
			return
		}
		var shown []string
		for words, n := range seen {
			shown = append(shown, fmt.Sprintf("%s (%s)", words, checkkit.Times(n)))
		}
		sort.Strings(shown)
		c.Errorf("Asked %d times about the same value %s against the schema %s, Validate should give the same words every "+
			"time (%s):\n  expected: %s\n  got:      %s\nRanging over a map visits its keys in a different order each "+
			"time: sort the names first.", repeatTimes, play.Show(d.value), play.Show(d.schema), d.why, verdict(want[0]), checkkit.List(shown))
	})
}
