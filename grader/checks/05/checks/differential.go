package checks

import (
	"fmt"
	"slices"

	"harnesslab/grader/checkkit"
	"harnesslab/lab"
)

// Lab 1: the differential check. The student's validator is asked about
// generated schemas and values, and must agree with the reference validator.

// Each run of the check asks about schemasPerSeed generated schemas, and
// valuesPerSchema values for each: the reference validator compiles each
// schema once.
const (
	schemasPerSeed  = 75
	valuesPerSchema = 4
	casesPerSeed    = schemasPerSeed * valuesPerSchema
)

func agreesWithReference(c *checkkit.C) {
	checkkit.Scenarios(c, []checkkit.Data[uint64]{
		{Name: "seed 5", Data: 5},
		{Name: "seed 2026", Data: 2026},
	}, func(seed uint64) {
		g := newGenerator(seed)
		for i := range schemasPerSeed {
			schema := g.next().schema
			ref, err := compileReference(schema)
			if err != nil {
				c.Fatalf("The check itself went wrong on schema %d of seed %d (not your code's fault): %v", i+1, seed, err)
			}
			for k := range valuesPerSchema {
				value := g.valueOf(schema)
				where := fmt.Sprintf("Case %d of seed %d", i*valuesPerSchema+k+1, seed)
				if agree(c, where, ref, schema, value); c.Failed() {
					return // one disagreement at a time
				}
			}
		}
	})
}

// agree records a failure unless the student's Validate and the reference
// validator agree about value against schema.
func agree(c *checkkit.C, where string, ref *reference, schema lab.Schema, value any) {
	j, err := ref.judge(value)
	if err != nil {
		c.Fatalf("%s: the check itself went wrong (not your code's fault): %v", where, err)
	}
	got := validate(c, schema, value)
	switch {
	case j.valid && got != "":
		c.Errorf("%s: your Validate refuses a value the reference validator accepts.\n  schema: %s\n  value:  %s\n"+
			"  reference validator: valid\n  your Validate:       %s", where, show(schema), show(value), verdict(got))
	case !j.valid && got == "":
		c.Errorf("%s: your Validate accepts a value the reference validator refuses.\n  schema: %s\n  value:  %s\n"+
			"  reference validator: invalid at %s\n  your Validate:       %s", where, show(schema), show(value),
			checkkit.List(j.places), verdict(got))
	case !j.valid && !slices.Contains(j.places, pathOf(got)):
		c.Errorf("%s: your Validate names a place the reference validator finds nothing wrong with.\n  schema: %s\n"+
			"  value:  %s\n  reference validator: invalid at %s\n  your Validate:       %s", where, show(schema),
			show(value), checkkit.List(j.places), verdict(got))
	}
}
