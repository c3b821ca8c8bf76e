package checks

import (
	"fmt"
	"math/rand/v2"
	"strings"

	"harnesslab/grader/checkkit"
	"harnesslab/lab"
)

// breakHistory breaks a valid list the ways lists arrive broken, at random:
// results lost, stray results added, results doubled, moved late or early,
// and runs swapped. It returns the broken list, what it did in words, and the
// list a repair should give back: the valid list, with an interruption for
// every call whose result was lost and not doubled elsewhere.
func breakHistory(rng *rand.Rand, valid []lab.Message) (broken []lab.Message, what string, want []lab.Message) {
	broken = lab.CloneMessages(valid)
	var did []string
	for n := 1 + rng.IntN(4); n > 0; n-- {
		var results []int
		for i, m := range broken {
			if m.Role == lab.RoleToolResult {
				results = append(results, i)
			}
		}
		kind := rng.IntN(5)
		if len(results) == 0 {
			kind = 1
		}
		switch kind {
		case 0:
			i := results[rng.IntN(len(results))]
			did = append(did, "lost the result for "+broken[i].ToolCallID)
			broken = without(broken, i)
		case 1:
			id := fmt.Sprintf("x%d", rng.IntN(100))
			did = append(did, "added a result for "+id+", a call that is not in the list")
			broken = with(broken, rng.IntN(len(broken)+1), checkkit.Result(id, "read", "stray\n"))
		case 2:
			i := results[rng.IntN(len(results))]
			did = append(did, "doubled the result for "+broken[i].ToolCallID)
			broken = with(broken, rng.IntN(len(broken)+1), broken[i])
		default:
			i := results[rng.IntN(len(results))]
			did = append(did, "moved the result for "+broken[i].ToolCallID)
			broken = moved(broken, i, rng.IntN(len(broken)))
		}
	}
	present := map[string]bool{}
	for _, m := range broken {
		if m.Role == lab.RoleToolResult {
			present[m.ToolCallID] = true
		}
	}
	for _, m := range valid {
		if m.Role == lab.RoleToolResult && !present[m.ToolCallID] {
			want = append(want, interruption(m.ToolCallID))
			continue
		}
		want = append(want, m.Clone())
	}
	return broken, strings.Join(did, ", then "), want
}

func repairRandomHistories(c *checkkit.C) {
	checkkit.Scenarios(c, []checkkit.Data[uint64]{
		{Name: "100 lists broken at random, seed 12", Data: 12},
		{Name: "100 lists broken at random, seed 31337", Data: 31337},
	}, func(seed uint64) {
		rng := rand.New(rand.NewPCG(seed, 2))
		for k := range 100 {
			valid := conversation(randomTurns(rng, 1+rng.IntN(5))...)
			broken, what, want := breakHistory(rng, valid)
			if !repairOnce(c, repairCase{what: fmt.Sprintf("(list %d of seed %d) the check %s", k+1, seed, what),
				broken: broken, want: want}) {
				return
			}
		}
	})
}
