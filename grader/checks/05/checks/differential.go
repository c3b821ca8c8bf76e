package checks

import (
	"fmt"
	"slices"

	"harnesslab/grader/checkkit"
)

// Lab 1: the differential check. The student's validator is asked about
// generated schemas and values, and must agree with the reference validator.

// casesPerSeed is how many generated cases each run of the check asks about.
const casesPerSeed = 300

func agreesWithReference(c *checkkit.C) {
	checkkit.Scenarios(c, []checkkit.Data[uint64]{
		{Name: "seed 5", Data: 5},
		{Name: "seed 2026", Data: 2026},
	}, func(seed uint64) {
		g := newGenerator(seed)
		for i := range casesPerSeed {
			tc := g.next()
			ref, err := judge(tc.schema, tc.value)
			if err != nil {
				c.Fatalf("The check itself went wrong on case %d of seed %d (not your code's fault): %v", i+1, seed, err)
			}
			got := validate(c, tc.schema, tc.value)
			where := fmt.Sprintf("Case %d of seed %d", i+1, seed)
			switch {
			case ref.valid && got != "":
				c.Errorf("%s: your Validate refuses a value the reference validator accepts.\n  schema: %s\n  value:  %s\n"+
					"  reference validator: valid\n  your Validate:       %s", where, show(tc.schema), show(tc.value), verdict(got))
			case !ref.valid && got == "":
				c.Errorf("%s: your Validate accepts a value the reference validator refuses.\n  schema: %s\n  value:  %s\n"+
					"  reference validator: invalid at %s\n  your Validate:       %s", where, show(tc.schema), show(tc.value),
					checkkit.List(ref.places), verdict(got))
			case !ref.valid && !slices.Contains(ref.places, pathOf(got)):
				c.Errorf("%s: your Validate names a place the reference validator finds nothing wrong with.\n  schema: %s\n"+
					"  value:  %s\n  reference validator: invalid at %s\n  your Validate:       %s", where, show(tc.schema),
					show(tc.value), checkkit.List(ref.places), verdict(got))
			}
			if c.Failed() {
				return // one disagreement at a time
			}
		}
	})
}
