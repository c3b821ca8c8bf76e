package checks

import (
	"encoding/json"
	"fmt"

	"harnesslab/grader/checkkit"
)

// Lab 1: JSON is cut at whole items, never in the middle of a value.

// cut is one call of CutItems: the list, the budget, and what the case is
// about, in words.
type cut struct {
	what     string
	list     string
	maxChars int
}

// sameCut calls the student's CutItems and records a failure unless it
// returns what the kit's rules say.
func sameCut(c *checkkit.C, tc cut) bool {
	got, err := S.CutItems(tc.list, tc.maxChars)
	want, ok := cutItems(tc.list, tc.maxChars)
	call := fmt.Sprintf("CutItems(%s, %d)", checkkit.Quote(shortList(tc.list)), tc.maxChars)
	if !ok {
		if err == nil || err.Error() != notArray(tc.list) {
			c.Errorf("%s: %s. It should return the error %q; it returned %q and %s.", call, tc.what, notArray(tc.list), got, errText(err))
			return false
		}
		return true
	}
	if err != nil {
		c.Errorf("%s: %s. It should return %s and no error; it returned %s.", call, tc.what, want, errText(err))
		return false
	}
	if got == want {
		return true
	}
	valid := "It is not even valid JSON: a list cut at a character count breaks a value in two."
	if json.Valid([]byte(got)) {
		var kept struct{ Items json.RawMessage }
		json.Unmarshal([]byte(want), &kept)
		valid = fmt.Sprintf("It is valid JSON, but not these items: keep each item exactly as written (only made compact), "+
			"in order, and stop at the first that does not fit. The expected items, as one compact array, are %d "+
			"characters long, within the budget of %d.", len(kept.Items), tc.maxChars)
	}
	c.Errorf("%s: %s.\n  expected: %s\n  got:      %s\n  %s", call, tc.what, want, got, valid)
	return false
}

// shortList returns list cut to 60 characters, for a sentence.
func shortList(list string) string {
	if len(list) > 60 {
		return list[:60] + "..."
	}
	return list
}

func jsonCutAtWholeItems(c *checkkit.C) {
	checkkit.Scenarios(c, []checkkit.Data[[]cut]{
		{Name: "reports whose text holds brackets, commas and quotes", Data: []cut{
			{"the second item's text holds \"],[\" and a quote, and only two items fit",
				`[{"id": "R1", "text": "ok"}, {"id": "R2", "text": "see [1], [2] and \"R3\""}, {"id": "R3", "text": "late"}]`, 70},
			{"items written with spaces and new lines are sent compact",
				"[\n  {\"id\": 1,  \"tags\": [\"a\", \"b\"]},\n  {\"id\": 2, \"tags\": []}\n]", 100},
			{"a number too big for a float64, and one with trailing zeros, must keep every digit",
				`[{"id": 12345678901234567890, "amount": 10.50}, {"id": 2, "amount": 0.10}]`, 60},
			{"the keys of an item keep their order", `[{"zeta": 1, "alpha": 2}, {"zeta": 3, "alpha": 4}]`, 25},
		}},
		{Name: "other lists", Data: []cut{
			{"a text with <, > and & stays as written, not \\u003c", `["a < b && c > d", "x", "y", "z"]`, 21},
			{"nested lists count as one item each", `[[1, [2, 3]], [4], [5, 6, 7, 8, 9, 10]]`, 16},
			{"strings with escapes stay as written", `["tab\there", "quote\"here", "\u00e9t\u00e9", "end"]`, 40},
			{"every item fits", `[true, false, null, 0, "", {}]`, 100},
		}},
	}, func(cases []cut) {
		for _, tc := range cases {
			if !sameCut(c, tc) {
				return
			}
		}
	})
}

func jsonBudgetEdges(c *checkkit.C) {
	exact := `[{"n":1},{"n":2},{"n":3}]` // 25 characters
	checkkit.Scenarios(c, []checkkit.Data[[]cut]{
		{Name: "budgets at the edge", Data: []cut{
			{"the kept array is exactly maxChars long, so all three items fit", exact, 25},
			{"one character less, so the third item is dropped", exact, 24},
			{"a big item in the middle stops the cut, even though smaller ones follow",
				`["a", "bbbbbbbbbbbbbbbbbbbbbbbbbbbbbb", "c", "d"]`, 20},
			{"the first item alone is too big, so nothing is kept and all are dropped", `["aaaaaaaaaaaaaaaaaaaaaaaaa", "b"]`, 10},
			{"an empty list stays an empty list", `[]`, 10},
			{"an object is not a list", `{"items": [1, 2, 3]}`, 100},
			{"null is not a list", `null`, 100},
		}},
		{Name: "other budgets", Data: []cut{
			{"two items fit exactly", `[10, 20, 30, 40]`, 7},
			{"a budget smaller than the brackets keeps nothing", `[1]`, 1},
			{"text that is not JSON at all", `FAIL: exit status 1 (this is not JSON, and it is longer than forty characters)`, 100},
			{"a list cut off in the middle is not a list", `[{"id": 1}, {"id": 2`, 100},
		}},
	}, func(cases []cut) {
		for _, tc := range cases {
			if !sameCut(c, tc) {
				return
			}
		}
	})
}
