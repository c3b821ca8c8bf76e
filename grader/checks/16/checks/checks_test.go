package checks

import (
	"encoding/json"
	"strings"
	"testing"

	"harnesslab/grader/checkkit"
	"harnesslab/grader/checks/16/play"
	"harnesslab/lab"
)

// TestScenariosDecode proves every check's scenario reaches the player: it
// encodes, decodes strictly into the type its play function reads, and is
// the same on every call.
func TestScenariosDecode(t *testing.T) {
	for name, j := range Judges {
		first, err := json.Marshal(j.Scenario())
		if err != nil {
			t.Fatalf("%s: the scenario does not encode: %v", name, err)
		}
		if again, _ := json.Marshal(j.Scenario()); string(again) != string(first) {
			t.Errorf("%s: the scenario differs from call to call", name)
		}
		if len(first) > checkkit.MaxObservation/4 {
			t.Errorf("%s: the scenario takes %d bytes", name, len(first))
		}
		var cases []checkkit.Data[[]play.Case]
		var sessions []checkkit.Data[[]play.Session]
		if json.Unmarshal(first, &cases) != nil && json.Unmarshal(first, &sessions) != nil {
			t.Errorf("%s: the scenario is neither command cases nor sessions", name)
		}
	}
}

// TestPlaysMatchJudges proves every judged check is played, and the other
// way round.
func TestPlaysMatchJudges(t *testing.T) {
	for name := range Judges {
		if play.Plays[name] == nil {
			t.Errorf("%s is judged but never played", name)
		}
	}
	for name := range play.Plays {
		if _, ok := Judges[name]; !ok {
			t.Errorf("%s is played but never judged", name)
		}
	}
}

// TestGeneratedCommands proves the generated calls reach what the check
// says: allowed commands and refused ones, more patterns than any
// hand-written case, tabs, a failing runner and broken arguments, smallest
// first in each set.
func TestGeneratedCommands(t *testing.T) {
	sets := generatedCommands().([]checkkit.Data[[]play.Case])
	var allowed, refused, tabs, fails, broken, long int
	for _, set := range sets {
		for i, cs := range set.Data {
			call := cs.Calls[0]
			if i > 0 && len(lab.EncodeJSON(call.Args)) < len(lab.EncodeJSON(set.Data[i-1].Calls[0].Args)) {
				t.Errorf("%s: not sorted smallest first", cs.What)
			}
			command, ok := call.Args["command"].(string)
			if !ok || len(call.Args) != 1 {
				broken++
				continue
			}
			if lab.GoCommandShape(strings.Fields(command)) == nil {
				allowed++
			} else {
				refused++
			}
			if strings.Contains(command, "\t") {
				tabs++
			}
			if len(strings.Fields(command)) > 8 {
				long++
			}
			if call.Fails != "" {
				fails++
			}
		}
	}
	for what, n := range map[string]int{"allowed": allowed, "refused": refused, "with tabs": tabs, "failing": fails, "broken": broken, "with many patterns": long} {
		if n < 5 {
			t.Errorf("only %d generated calls are %s", n, what)
		}
	}
}

// TestGeneratedSessions proves the generated sessions reach what the check
// says: past MaxSteps, cut by their budget, a person who says no, a runner
// that fails, several reads in one reply; and that no reply holds two reads
// that may be big, whose artifacts would be numbered in either order.
func TestGeneratedSessions(t *testing.T) {
	sets := generatedSessions().([]checkkit.Data[[]play.Session])
	var long, tight, no, fails, reads bool
	for _, set := range sets {
		for _, s := range set.Data {
			long = long || len(s.Replies)-2 > maxSteps
			tight = tight || s.Budget < patchBudget
			no = no || s.No != ""
			fails = fails || s.FailFrom > 0
			for _, r := range s.Replies {
				big, read := 0, 0
				for _, b := range r.Blocks {
					path, _ := b.Arguments["path"].(string)
					if b.Name == "read" || b.Name == "read_lines" || b.Name == "search" {
						read++
					}
					if (b.Name == "read" || b.Name == "read_lines") && strings.HasPrefix(path, "outputs/") {
						big++
					}
				}
				reads = reads || read > 1
				if big > 1 {
					t.Errorf("%s: a reply reads %d artifacts at once", s.What, big)
				}
			}
		}
	}
	if !long || !tight || !no || !fails || !reads {
		t.Errorf("the generated sessions miss a shape: past MaxSteps %v, a tight budget %v, a person who says no %v, a failing runner %v, reads at once %v",
			long, tight, no, fails, reads)
	}
}

// TestSessionReadsFindTheirFiles proves the hand-written sessions read and
// edit files their repository holds, so a failed read is never the kit's
// doing (the edit of ../FILE aside, which must fail).
func TestSessionReadsFindTheirFiles(t *testing.T) {
	all := append(append(storySessions(), readsSessions()...), cutSessions()...)
	for _, set := range all {
		ws := lab.NewWorkspace(set.Data.Files)
		for _, reply := range set.Data.Replies {
			for _, b := range reply.Blocks {
				path, ok := b.Arguments["path"].(string)
				if !ok || strings.HasPrefix(path, "../") {
					continue
				}
				if _, found := ws.Peek(path); !found {
					t.Errorf("%s: %s names %s, which the repository does not hold", set.Name, b.Name, path)
				}
			}
		}
	}
}
