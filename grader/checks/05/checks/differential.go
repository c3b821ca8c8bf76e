package checks

import (
	"fmt"
	"slices"

	"harnesslab/grader/checkkit"
	"harnesslab/grader/checks/05/play"
	"harnesslab/lab"
)

// Lab 1: the differential check. The student's validator is asked about
// generated schemas and values, and must accept what the reference accepts
// and name a place a validator that passes the official JSON Schema test
// suite also finds wrong. That validator stays as an invariant: the
// reference must agree with it too.

// Each run of the check asks about schemasPerSeed generated schemas, and
// valuesPerSchema values for each.
const (
	schemasPerSeed  = 75
	valuesPerSchema = 4
)

// differentialSeeds are the seeds of the two data sets.
var differentialSeeds = []checkkit.Data[uint64]{{Name: "seed 5", Data: 5}, {Name: "seed 2026", Data: 2026}}

// differentialCases are the generated cases of one seed.
func differentialCases(seed uint64) []generated {
	g := newGenerator(seed)
	var out []generated
	for range schemasPerSeed {
		schema := g.next().schema
		for range valuesPerSchema {
			out = append(out, generated{schema: schema, value: g.valueOf(schema)})
		}
	}
	return out
}

func differentialScenario() any {
	var out []checkkit.Data[[]play.Ask]
	for _, set := range differentialSeeds {
		var asks []play.Ask
		for _, g := range differentialCases(set.Data) {
			asks = append(asks, play.Ask{Schema: play.Of(g.schema), Value: play.Of(g.value)})
		}
		out = append(out, checkkit.Data[[]play.Ask]{Name: set.Name, Data: asks})
	}
	return out
}

func judgeDifferential(c *checkkit.C, yours, ref checkkit.Observed) {
	checkkit.EachScenario(c, differentialSeeds, func(k int, seed uint64) {
		compiled := map[string]*reference{}
		for i, g := range differentialCases(seed) {
			key := lab.EncodeJSON(g.schema)
			if compiled[key] == nil {
				r, err := compileReference(g.schema)
				if err != nil {
					c.KitFatalf("case %d of seed %d: %v", i+1, seed, err)
				}
				compiled[key] = r
			}
			j, err := compiled[key].judge(g.value)
			if err != nil {
				c.KitFatalf("case %d of seed %d: %v", i+1, seed, err)
			}
			got, want := both[play.Answer](c, yours, ref, k, i)
			where := fmt.Sprintf("Case %d of seed %d", i+1, seed)
			agree(c, where, j, g.schema, g.value, want, true)
			if agree(c, where, j, g.schema, g.value, got, false); c.Failed() {
				return // one disagreement at a time
			}
		}
	})
}

// agree fails c unless the answer a agrees with the judgement j of the
// validator that passes the official test suite: on the reference's answer
// (ofReference) that is the kit's failure.
func agree(c *checkkit.C, where string, j judgement, schema lab.Schema, value any, a play.Answer, ofReference bool) {
	var wrong string
	switch {
	case j.valid && !a.Nil:
		wrong = "refuses a value the reference validator accepts"
	case !j.valid && a.Nil:
		wrong = "accepts a value the reference validator refuses"
	case !j.valid && !slices.Contains(j.places, pathOf(a.Words)):
		wrong = "names a place the reference validator finds nothing wrong with"
	case a.Changed:
		wrong = "changed what it was handed"
	default:
		return
	}
	places := "valid"
	if !j.valid {
		places = "invalid at " + checkkit.List(j.places)
	}
	if ofReference {
		c.KitFatalf("%s: the reference's Validate %s.\n  schema: %s\n  value:  %s\n  reference validator: %s\n  reference's Validate: %s",
			where, wrong, play.Show(schema), play.Show(value), places, verdict(a))
	}
	c.Errorf("%s: your Validate %s.\n  schema: %s\n  value:  %s\n  reference validator: %s\n  your Validate:       %s",
		where, wrong, play.Show(schema), play.Show(value), places, verdict(a))
}
