package checks

import (
	"fmt"
	"math/rand/v2"
	"strings"

	"harnesslab/grader/checkkit"
	"harnesslab/grader/checks/12/play"
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

// randomSeeds are the seeds of the lists broken at random.
var randomSeeds = []uint64{12, 31337}

// randomHistories returns, for each seed, 100 lists broken at random, and
// for each the list the kit expects back.
func randomHistories() (sets []checkkit.Data[[]repairCase], wants [][][]lab.Message) {
	for _, seed := range randomSeeds {
		rng := rand.New(rand.NewPCG(seed, 2))
		set := checkkit.Data[[]repairCase]{Name: fmt.Sprintf("100 lists broken at random, seed %d", seed)}
		var ws [][]lab.Message
		for k := range 100 {
			valid := conversation(randomTurns(rng, 1+rng.IntN(5))...)
			broken, what, want := breakHistory(rng, valid)
			set.Data = append(set.Data, repairCase{What: fmt.Sprintf("(list %d of seed %d) the check %s", k+1, seed, what), Broken: broken})
			ws = append(ws, want)
		}
		sets, wants = append(sets, set), append(wants, ws)
	}
	return sets, wants
}

func repairRandomScenario() any {
	sets, _ := randomHistories()
	return sets
}

// judgeRandomRepairs checks first that the reference repaired each list the
// way the kit expects (every real result kept, an interruption for each
// lost one), then judges the student's repairs against the reference's.
func judgeRandomRepairs(c *checkkit.C, yours, ref checkkit.Observed) {
	sets, wants := randomHistories()
	for k, set := range sets {
		for i, rc := range set.Data {
			got := checkkit.Get[play.Returned](c, ref, play.Key(k, i))
			if d := checkkit.Differences(wants[k][i], got.Result, checkkit.AsSent...); len(d) > 0 {
				c.KitFatalf("the reference's Repair, given a list where %s, did not return the list the kit expects: %s", rc.What, d[0])
			}
		}
	}
	judgeRepairs(c, yours, ref)
}
