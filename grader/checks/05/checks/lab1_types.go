package checks

import (
	"harnesslab/grader/checkkit"
	"harnesslab/lab"
)

// Lab 1: a validator for the contract. The checks of one value at a time:
// types, numbers, enums and bounds.

func wrongTypeCases() []checkkit.Data[[]vcase] {
	search := object(lab.Schema{
		"query": typed("string"), "limit": typed("integer"),
		"tags": typed("array", "items", typed("string")), "filters": object(lab.Schema{"sector": typed("string")}),
	})
	fetch := object(lab.Schema{
		"url": typed("string"), "page": typed("integer"), "exact": typed("boolean"),
		"options": object(lab.Schema{"lang": typed("string")}),
	})
	return []checkkit.Data[[]vcase]{
		{Name: "a search tool", Data: []vcase{
			{search, lab.Args{"query": "flood", "limit": "20"}, `/limit: expected integer, got string "20"`, "the model wrote the number in quotes"},
			{search, lab.Args{"query": "flood", "limit": 20.0}, "", "20 as JSON decoding gives it, a float64"},
			{search, lab.Args{"query": 7.0}, `/query: expected string, got integer 7`, ""},
			{search, lab.Args{"limit": true}, `/limit: expected integer, got boolean true`, ""},
			{search, lab.Args{"limit": nil}, `/limit: expected integer, got null`, ""},
			{search, lab.Args{"tags": "health"}, `/tags: expected array, got string "health"`, ""},
			{search, lab.Args{"filters": []any{"health"}}, `/filters: expected object, got array`, ""},
			{search, lab.Args{"tags": []any{"health", "food"}, "filters": lab.Args{"sector": "food"}}, "", ""},
		}},
		{Name: "a tool that fetches pages", Data: []vcase{
			{fetch, lab.Args{"url": "https://example.org", "page": "3"}, `/page: expected integer, got string "3"`, ""},
			{fetch, lab.Args{"exact": "yes"}, `/exact: expected boolean, got string "yes"`, ""},
			{fetch, lab.Args{"url": nil}, `/url: expected string, got null`, ""},
			{fetch, lab.Args{"page": []any{1.0}}, `/page: expected integer, got array`, ""},
			{fetch, lab.Args{"options": "fr"}, `/options: expected object, got string "fr"`, ""},
			{fetch, lab.Args{"url": "https://example.org", "page": 3.0, "exact": false, "options": lab.Args{"lang": "fr"}}, "", ""},
		}},
	}
}

func wholeCases() []checkkit.Data[[]vcase] {
	s := object(lab.Schema{"limit": typed("integer"), "ratio": typed("number")})
	t := object(lab.Schema{"count": typed("integer"), "weight": typed("number")})
	return []checkkit.Data[[]vcase]{
		{Name: "limit and ratio", Data: []vcase{
			{s, lab.Args{"limit": 20}, "", "20 as a Go int"},
			{s, lab.Args{"limit": 20.0}, "", "20 as JSON decoding gives it, a float64"},
			{s, lab.Args{"limit": int64(20)}, "", "20 as a Go int64"},
			{s, lab.Args{"limit": 2.5}, `/limit: expected integer, got number 2.5`, ""},
			{s, lab.Args{"ratio": 3}, "", "every integer is a number too"},
			{s, lab.Args{"ratio": 0.25}, "", ""},
			{s, lab.Args{"ratio": true}, `/ratio: expected number, got boolean true`, "a boolean is not a number"},
			{s, lab.Args{"ratio": "0.5"}, `/ratio: expected number, got string "0.5"`, ""},
			{s, lab.Args{"limit": 1e300}, "", "1e300 is whole, though no Go int can hold it"},
		}},
		{Name: "count and weight", Data: []vcase{
			{t, lab.Args{"count": -3}, "", "-3 as a Go int"},
			{t, lab.Args{"count": 0.0}, "", "0 as a float64"},
			{t, lab.Args{"count": -0.5}, `/count: expected integer, got number -0.5`, ""},
			{t, lab.Args{"count": 1000.0}, "", "1000 as a float64"},
			{t, lab.Args{"weight": uint8(7)}, "", "7 as a Go uint8"},
			{t, lab.Args{"weight": 7}, "", "every integer is a number too"},
			{t, lab.Args{"weight": false}, `/weight: expected number, got boolean false`, "a boolean is not a number"},
			{t, lab.Args{"count": "12"}, `/count: expected integer, got string "12"`, ""},
			{t, lab.Args{"count": 1e19}, "", "1e19 is whole, just past the largest int64"},
			{t, lab.Args{"count": -4e20}, "", "-4e20 is whole, past the smallest int64"},
		}},
	}
}

func enumCases() []checkkit.Data[[]vcase] {
	sectors := []string{"health", "shelter", "WASH", "food"}
	s := object(lab.Schema{
		"sector": typed("string", "enum", sectors),
		"status": typed("string", "enum", []any{"open", "closed"}),
		"level":  typed("integer", "enum", []any{1.0, 2.0, 3.0}),
		"mode":   lab.Schema{"enum": []any{true, "auto", nil}},
	})
	t := object(lab.Schema{
		"unit":  typed("string", "enum", []string{"km", "mi"}),
		"state": typed("string", "enum", []any{"draft", "sent", "read"}),
		"page":  typed("integer", "enum", []any{10, 20, 50}),
		"flag":  lab.Schema{"enum": []any{false, 0.0, "off"}},
	})
	return []checkkit.Data[[]vcase]{
		{Name: "sectors, statuses, levels", Data: []vcase{
			{s, lab.Args{"sector": "sanitation"}, `/sector: expected one of ["health", "shelter", "WASH", "food"], got string "sanitation"`, "the enum is a Go []string"},
			{s, lab.Args{"sector": "WASH"}, "", "the enum is a Go []string"},
			{s, lab.Args{"sector": "wash"}, `/sector: expected one of ["health", "shelter", "WASH", "food"], got string "wash"`, "enum values match exactly"},
			{s, lab.Args{"status": "closed"}, "", "the enum is a []any, as JSON decoding gives it"},
			{s, lab.Args{"status": "pending"}, `/status: expected one of ["open", "closed"], got string "pending"`, ""},
			{s, lab.Args{"level": 2}, "", "2 as a Go int is the 2 of the enum, a float64"},
			{s, lab.Args{"level": 4.0}, `/level: expected one of [1, 2, 3], got integer 4`, ""},
			{s, lab.Args{"level": "2"}, `/level: expected integer, got string "2"`, "the type is checked before the enum"},
			{s, lab.Args{"mode": nil}, "", "null is one of the values listed"},
			{s, lab.Args{"mode": false}, `/mode: expected one of [true, "auto", null], got boolean false`, ""},
		}},
		{Name: "units, states, pages", Data: []vcase{
			{t, lab.Args{"unit": "miles"}, `/unit: expected one of ["km", "mi"], got string "miles"`, "the enum is a Go []string"},
			{t, lab.Args{"unit": "km"}, "", "the enum is a Go []string"},
			{t, lab.Args{"state": "read"}, "", "the enum is a []any, as JSON decoding gives it"},
			{t, lab.Args{"state": "deleted"}, `/state: expected one of ["draft", "sent", "read"], got string "deleted"`, ""},
			{t, lab.Args{"page": 20.0}, "", "20 as a float64 is the 20 of the enum, a Go int"},
			{t, lab.Args{"page": 25}, `/page: expected one of [10, 20, 50], got integer 25`, ""},
			{t, lab.Args{"page": 20.5}, `/page: expected integer, got number 20.5`, "the type is checked before the enum"},
			{t, lab.Args{"flag": 0}, "", "0 as a Go int is the 0 of the enum"},
			{t, lab.Args{"flag": "0"}, `/flag: expected one of [false, 0, "off"], got string "0"`, "the string \"0\" is not the number 0"},
		}},
	}
}

func boundsCases() []checkkit.Data[[]vcase] {
	s := object(lab.Schema{
		"max_results": typed("integer", "minimum", 1, "maximum", 50),
		"score":       typed("number", "minimum", 0.5),
		"any":         lab.Schema{"minimum": 1, "maximum": 3},
	})
	t := object(lab.Schema{
		"celsius": typed("number", "minimum", -10.0, "maximum", 40.0),
		"retries": typed("integer", "maximum", 5),
		"loose":   lab.Schema{"maximum": 0},
	})
	return []checkkit.Data[[]vcase]{
		{Name: "results and scores", Data: []vcase{
			{s, lab.Args{"max_results": 1}, "", "the minimum itself is allowed"},
			{s, lab.Args{"max_results": 50.0}, "", "the maximum itself is allowed"},
			{s, lab.Args{"max_results": 0}, `/max_results: expected at least 1, got 0`, ""},
			{s, lab.Args{"max_results": 51.0}, `/max_results: expected at most 50, got 51`, ""},
			{s, lab.Args{"max_results": 60.5}, `/max_results: expected integer, got number 60.5`, "the type is checked before the bounds"},
			{s, lab.Args{"score": 0.5}, "", "the minimum itself is allowed"},
			{s, lab.Args{"score": 0.25}, `/score: expected at least 0.5, got 0.25`, ""},
			{s, lab.Args{"any": "a long string"}, "", "minimum and maximum apply to numbers only"},
			{s, lab.Args{"any": true}, "", "minimum and maximum apply to numbers only"},
			{s, lab.Args{"any": 4}, `/any: expected at most 3, got 4`, ""},
		}},
		{Name: "temperatures and retries", Data: []vcase{
			{t, lab.Args{"celsius": -10}, "", "the minimum itself is allowed"},
			{t, lab.Args{"celsius": 40.0}, "", "the maximum itself is allowed"},
			{t, lab.Args{"celsius": 40.5}, `/celsius: expected at most 40, got 40.5`, ""},
			{t, lab.Args{"celsius": -11}, `/celsius: expected at least -10, got -11`, ""},
			{t, lab.Args{"retries": 5}, "", "the maximum itself is allowed"},
			{t, lab.Args{"retries": 6.0}, `/retries: expected at most 5, got 6`, ""},
			{t, lab.Args{"retries": 7.5}, `/retries: expected integer, got number 7.5`, "the type is checked before the bounds"},
			{t, lab.Args{"loose": "x"}, "", "minimum and maximum apply to numbers only"},
			{t, lab.Args{"loose": []any{1.0, 2.0}}, "", "minimum and maximum apply to numbers only"},
		}},
	}
}
