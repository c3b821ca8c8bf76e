package checks

import (
	"encoding/json"
	"math/rand/v2"
	"testing"

	"harnesslab/grader/checkkit"
	"harnesslab/grader/checks/12/play"
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

// TestJudgesMatchPlays proves every judged check is played and every played
// check judged, and that each scenario is the same on every call.
func TestJudgesMatchPlays(t *testing.T) {
	for name, j := range Judges {
		if play.Plays[name] == nil {
			t.Errorf("check %s is judged but never played", name)
		}
		a, err := json.Marshal(j.Scenario())
		if err != nil {
			t.Fatalf("check %s: encode its scenario: %v", name, err)
		}
		b, _ := json.Marshal(j.Scenario())
		if string(a) != string(b) {
			t.Errorf("check %s: its scenario differs from one call to the next", name)
		}
	}
	for name := range play.Plays {
		if _, ok := Judges[name]; !ok {
			t.Errorf("check %s is played but has no judgement", name)
		}
	}
}

// TestGeneratedConversationsAreValid proves the generated conversations are
// ones a provider accepts, that they reach past a dozen messages and include
// the empty one, and that most generated broken lists would be refused.
func TestGeneratedConversationsAreValid(t *testing.T) {
	longest, empty := 0, false
	for _, set := range generatedTrims().([]checkkit.Data[[]play.TrimCase]) {
		for _, tc := range set.Data {
			if problems := lab.Validate(tc.Messages); problems != nil {
				t.Fatalf("%s: refused: %v", tc.What, problems)
			}
			longest = max(longest, len(tc.Messages))
			empty = empty || len(tc.Messages) == 0
		}
	}
	if longest < 40 || !empty {
		t.Errorf("generated conversations run from %v empty to %d messages; want the empty one and some past 40", empty, longest)
	}
	refused, all := 0, 0
	for _, set := range generatedRepairs().([]checkkit.Data[[]play.RepairCase]) {
		for _, rc := range set.Data {
			all++
			if lab.Validate(rc.Broken) != nil {
				refused++
			}
		}
	}
	if refused*10 < all*8 {
		t.Errorf("only %d of %d generated broken lists would be refused; the breakage is too mild", refused, all)
	}
}
