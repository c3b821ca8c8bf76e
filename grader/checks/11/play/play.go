// Package play drives the student's code of lesson 11, "Several calls at
// once", through a check's scenario and records what came back. It is linked
// twice: into the player, with the student's files, and into the judge, with
// the reference solution, which plays the same scenario so the two records
// can be compared (see checkkit.JudgeMain). It holds no expected value.
package play

import (
	"context"
	"fmt"
	"time"

	"harnesslab/grader/checkkit"
	"harnesslab/lab"
)

// Student is the code under play, as the play functions call it. Effect
// classes travel as plain strings ("read", "write", ...), the values of the
// lesson's Effect constants.
type Student struct {
	Batches  func(effects map[string]string, calls []lab.Block) [][]int
	RunCalls func(ctx context.Context, tools []lab.Tool, effects map[string]string, calls []lab.Block) []lab.Message
}

// S is the code under play: the student's in the player, the reference's in
// the judge.
var S Student

// Split is one reply handed to Batches: the effect classes and the calls.
type Split struct {
	What    string            `json:"what"`
	Effects map[string]string `json:"effects"`
	Calls   []lab.Block       `json:"calls"`
}

// Splitted is what one call of Batches did: the batches it returned, the
// calls and effect classes it was handed as they were afterwards, and the
// first two batches that share one array (nil when none do).
type Splitted struct {
	Batches [][]int           `json:"batches"`
	Calls   []lab.Block       `json:"calls"`
	Effects map[string]string `json:"effects"`
	Shared  []int             `json:"shared"`
}

// Run is one reply handed to RunCalls: the files of the workspace, how long
// each call takes on the Timeline (by "tool path"; 5ms when missing), the
// calls, how many calls each round of a correct run starts together,
// whether the run was stopped before RunCalls was called, and whether a
// stop is its deadline passing rather than a cancel.
type Run struct {
	What      string                   `json:"what"`
	Files     map[string]string        `json:"files"`
	Delays    map[string]time.Duration `json:"delays"`
	Calls     []lab.Block              `json:"calls"`
	Rounds    []int                    `json:"rounds"`
	Cancelled bool                     `json:"cancelled"`
	Deadline  bool                     `json:"deadline"`
}

// Ran is what one run of RunCalls did: the results it returned, the calls
// that ran on the Timeline, how long the run took on its clock, and the files
// afterwards.
type Ran struct {
	Results []lab.Message     `json:"results"`
	Spans   []lab.Span        `json:"spans"`
	Wall    time.Duration     `json:"wall"`
	Files   map[string]string `json:"files"`
}

// Again is a reply played, then another, then the first again after the
// check changed the results of the first.
type Again struct {
	First Run `json:"first"`
	Other Run `json:"other"`
}

// Key names what the play of reply i of data set k recorded.
func Key(k, i int) string { return fmt.Sprintf("run %d, reply %d", k+1, i+1) }

// The keys of an Again play, after Key.
const (
	First      = "the first reply"
	Other      = "the other reply"
	FirstAfter = "the first reply's results, after the other reply ran"
	FirstAgain = "the first reply, asked again"
)

// Plays holds every check of the lesson, by name, as the player plays it.
var Plays = map[string]checkkit.Check{
	"batches_edge_cases":          playSplits,
	"batches_agree":               playSplits,
	"cancelled_before_start":      playRuns,
	"cancelled_calls_get_results": playRuns,
	"each_call_runs_once":         playRuns,
	"reads_run_at_once":           playRuns,
	"reads_share_a_batch":         playSplits,
	"results_by_id":               playAgain,
	"results_in_call_order":       playRuns,
	"run_calls_agree":             playRuns,
	"unknown_effect_runs_alone":   playSplits,
	"write_runs_alone":            playRuns,
	"writes_in_listed_order":      playRuns,
	"writes_split_batches":        playSplits,
}

// playSplits hands every reply of every data set to Batches.
func playSplits(c *checkkit.C) {
	for k, set := range checkkit.Scenario[[]checkkit.Data[[]Split]](c) {
		for i, sp := range set.Data {
			c.Observe(Key(k, i), split(sp))
		}
	}
}

// split hands one reply to Batches and records what it did.
func split(sp Split) Splitted {
	calls := cloneCalls(sp.Calls)
	var effects map[string]string
	if sp.Effects != nil {
		effects = map[string]string{}
		for k, v := range sp.Effects {
			effects[k] = v
		}
	}
	got := S.Batches(effects, calls)
	out := Splitted{Batches: got, Calls: calls, Effects: effects}
	if a, b, ok := sharedBatches(got); ok {
		out.Shared = []int{a, b}
	}
	return out
}

// sharedBatches reports the first two batches that hold the same place in
// memory, which happens when a batch slice is cut back with [:0] and filled
// again after it was added to the result.
func sharedBatches(batches [][]int) (int, int, bool) {
	for a := range batches {
		for b := a + 1; b < len(batches); b++ {
			for i := range batches[a] {
				for j := range batches[b] {
					if &batches[a][i] == &batches[b][j] {
						return a, b, true
					}
				}
			}
		}
	}
	return 0, 0, false
}

// playRuns hands every reply of every data set to RunCalls.
func playRuns(c *checkkit.C) {
	for k, set := range checkkit.Scenario[[]checkkit.Data[[]Run]](c) {
		for i, r := range set.Data {
			got := RunCalls(c, r)
			c.Observe(Key(k, i), got)
		}
	}
}

// playAgain plays, for every data set, a reply, another, and the first again
// after changing what the first returned.
func playAgain(c *checkkit.C) {
	for k, set := range checkkit.Scenario[[]checkkit.Data[Again]](c) {
		first := RunCalls(c, set.Data.First)
		c.Observe(Key(k, 0)+": "+First, first)
		c.Observe(Key(k, 0)+": "+Other, RunCalls(c, set.Data.Other))
		c.Observe(Key(k, 0)+": "+FirstAfter, first.Results)
		if len(first.Results) > 0 {
			first.Results[0].Content = "changed by the check"
		}
		c.Observe(Key(k, 0)+": "+FirstAgain, RunCalls(c, set.Data.First))
	}
}

// cloneCalls returns a deep copy of calls.
func cloneCalls(calls []lab.Block) []lab.Block {
	return lab.CloneMessages([]lab.Message{{Blocks: calls}})[0].Blocks
}

// Adapt makes a Student of the lesson's two functions, whatever string type
// the package names its effect classes with.
func Adapt[E ~string](
	batches func(map[string]E, []lab.Block) [][]int,
	runCalls func(context.Context, []lab.Tool, map[string]E, []lab.Block) []lab.Message,
) Student {
	effectsOf := func(effects map[string]string) map[string]E {
		if effects == nil {
			return nil
		}
		out := make(map[string]E, len(effects))
		for name, effect := range effects {
			out[name] = E(effect)
		}
		return out
	}
	return Student{
		Batches: func(effects map[string]string, calls []lab.Block) [][]int {
			return batches(effectsOf(effects), calls)
		},
		RunCalls: func(ctx context.Context, tools []lab.Tool, effects map[string]string, calls []lab.Block) []lab.Message {
			return runCalls(ctx, tools, effectsOf(effects), calls)
		},
	}
}
