package checks

import (
	"math/rand/v2"
	"testing"

	"harnesslab/lab"
)

// TestBrokenHistoriesExpectValidLists proves the random repair check asks
// for something possible: every list it expects passes lab.Validate, keeps
// every message that is not a result, and most broken lists it hands over
// would be refused as they are.
func TestBrokenHistoriesExpectValidLists(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 7))
	refused := 0
	for k := range 500 {
		valid := conversation(randomTurns(rng, 1+rng.IntN(5))...)
		broken, what, want := breakHistory(rng, valid)
		if problems := lab.Validate(want); problems != nil {
			t.Fatalf("list %d (%s): the expected list is refused: %v", k, what, problems)
		}
		if len(want) != len(valid) {
			t.Fatalf("list %d (%s): expected %d messages, as many as the valid list, got %d", k, what, len(valid), len(want))
		}
		if lab.Validate(broken) != nil {
			refused++
		}
	}
	if refused < 400 {
		t.Errorf("only %d of 500 broken lists would be refused; the breakage is too mild to test a repair", refused)
	}
}

// TestWantTrimKeepsWholeTurns proves the kit's own trim cuts only at a user
// message and keeps the newest turn when nothing fits.
func TestWantTrimKeepsWholeTurns(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 3))
	for k := range 100 {
		messages := conversation(randomTurns(rng, 1+rng.IntN(5))...)
		for _, budget := range []int{0, 50, 150, 400, 10000} {
			got := wantTrim(system, messages, nil, budget)
			if len(got) == 0 || got[0].Role != lab.RoleUser || lab.Validate(got) != nil {
				t.Fatalf("list %d, budget %d: the kit's trim gave %d messages starting with %v, or a refused list",
					k, budget, len(got), got)
			}
			if len(got) < len(messages) && bill(system, got, nil) > budget && len(starts(got)) > 1 {
				t.Fatalf("list %d, budget %d: the kit's trim kept %d turns over budget", k, budget, len(starts(got)))
			}
		}
	}
}
