// Package play drives the student's code of lesson 12, "Sending less",
// through a check's scenario and records what came back. It is linked
// twice: into the player, with the student's files, and into the judge, with
// the reference solution, which plays the same scenario so the two records
// can be compared (see checkkit.JudgeMain). It holds no expected value.
package play

import (
	"fmt"

	"harnesslab/grader/checkkit"
	"harnesslab/lab"
)

// Student is the code under play, as the play functions call it.
type Student struct {
	RequestTokens func(system string, messages []lab.Message, specs []lab.Spec) int
	Trim          func(system string, messages []lab.Message, specs []lab.Spec, budget int) []lab.Message
	Compact       func(model lab.Model, messages []lab.Message, keep int) []lab.Message
	Repair        func(messages []lab.Message) []lab.Message
}

// S is the code under play: the student's in the player, the reference's in
// the judge.
var S Student

// Changed is what the player writes over the content of every message a
// function returned, to see whether the caller's list changes with it.
const Changed = "changed by the caller"

// Bill is one request to price, and the content the play then writes over
// its last message before pricing the same list again (nothing when Edit is
// empty or there is no message).
type Bill struct {
	What     string        `json:"what"`
	System   string        `json:"system"`
	Messages []lab.Message `json:"messages"`
	Specs    []lab.Spec    `json:"specs"`
	Edit     string        `json:"edit"`
}

// Billed is what RequestTokens returned for a Bill: first for the list as
// handed, then for the same list after its last message was edited.
type Billed struct {
	Tokens int `json:"tokens"`
	Edited int `json:"edited"`
}

// TrimCase is one conversation to trim, to each of Budgets in turn; with
// Alias, the play also changes what Trim returned and records the caller's
// list afterwards.
type TrimCase struct {
	What     string        `json:"what"`
	System   string        `json:"system"`
	Messages []lab.Message `json:"messages"`
	Specs    []lab.Spec    `json:"specs"`
	Budgets  []int         `json:"budgets"`
	Alias    bool          `json:"alias"`
}

// CompactCase is one conversation to compact, keeping Keep turns, with a
// model that answers with Replies in order, or refuses every request when
// Refuse is set.
type CompactCase struct {
	What     string        `json:"what"`
	Messages []lab.Message `json:"messages"`
	Keep     int           `json:"keep"`
	Replies  []lab.Message `json:"replies"`
	Refuse   bool          `json:"refuse"`
	Alias    bool          `json:"alias"`
}

// RepairCase is one list to repair.
type RepairCase struct {
	What   string        `json:"what"`
	Broken []lab.Message `json:"broken"`
	Alias  bool          `json:"alias"`
}

// Returned is what one call of Trim, Compact or Repair did: the list it
// returned, the caller's list right after the call, and (when the case asks
// for it) the caller's list after every message returned was changed.
type Returned struct {
	Result      []lab.Message `json:"result"`
	Handed      []lab.Message `json:"handed"`
	AfterChange []lab.Message `json:"after_change,omitempty"`
}

// Compacted is what one call of Compact did: the list it returned, and the
// requests the model was sent.
type Compacted struct {
	Returned
	Requests []lab.Request `json:"requests"`
	Asked    int           `json:"asked"`
	Refusals []string      `json:"refusals"`
}

// Key names what the play of case i of data set k recorded.
func Key(k, i int) string { return fmt.Sprintf("run %d, case %d", k+1, i+1) }

// Plays holds every check of the lesson, by name, as the player plays it.
var Plays = map[string]checkkit.Check{
	"request_billed_whole":          playBills,
	"trim_fits_budget":              playTrims,
	"trim_keeps_calls_with_results": playTrims,
	"trim_keeps_newest_turn":        playTrims,
	"trim_leaves_caller_list":       playTrims,
	"trim_agrees":                   playTrims,
	"compact_asks_for_summary":      playCompacts,
	"compact_keeps_recent_turns":    playCompacts,
	"compact_short_list_unchanged":  playCompacts,
	"compact_leaves_caller_list":    playCompacts,
	"compact_agrees":                playCompacts,
	"repair_keeps_valid_lists":      playRepairs,
	"repair_interrupts_missing":     playRepairs,
	"repair_drops_strays":           playRepairs,
	"repair_moves_late_results":     playRepairs,
	"repair_prefers_real_result":    playRepairs,
	"repair_random_histories":       playRepairs,
	"repair_agrees":                 playRepairs,
}

// playEach plays every case of every data set of the scenario with play, and
// records what it returned under Key.
func playEach[T, O any](c *checkkit.C, play func(c *checkkit.C, tc T) O) {
	for k, set := range checkkit.Scenario[[]checkkit.Data[[]T]](c) {
		for i, tc := range set.Data {
			c.Observe(Key(k, i), play(c, tc))
		}
	}
}

func playBills(c *checkkit.C)    { playEach(c, bill) }
func playTrims(c *checkkit.C)    { playEach(c, trim) }
func playCompacts(c *checkkit.C) { playEach(c, compact) }
func playRepairs(c *checkkit.C)  { playEach(c, repair) }

// bill prices b's request, then edits its last message in place and prices
// the same list again.
func bill(_ *checkkit.C, b Bill) Billed {
	out := Billed{Tokens: S.RequestTokens(b.System, b.Messages, b.Specs)}
	if last := len(b.Messages) - 1; last >= 0 && b.Edit != "" {
		b.Messages[last].Content = b.Edit
		out.Edited = S.RequestTokens(b.System, b.Messages, b.Specs)
	}
	return out
}

// trim trims tc's conversation to each of its budgets, on a fresh copy each
// time.
func trim(_ *checkkit.C, tc TrimCase) []Returned {
	out := make([]Returned, len(tc.Budgets))
	for j, budget := range tc.Budgets {
		handed := lab.CloneMessages(tc.Messages)
		got := S.Trim(tc.System, handed, cloneSpecs(tc.Specs), budget)
		out[j] = returned(got, handed, tc.Alias)
	}
	return out
}

// compact compacts tc's conversation with its model, and records the run as
// a transcript.
func compact(c *checkkit.C, tc CompactCase) Compacted {
	rec := c.Record("Compact: " + tc.What)
	handed := lab.CloneMessages(tc.Messages)
	var out Compacted
	if tc.Refuse {
		model := &refusing{}
		got := S.Compact(rec.Model(model), handed, tc.Keep)
		out.Returned = returned(got, handed, tc.Alias)
		out.Requests, out.Asked = model.requests, len(model.requests)
		return out
	}
	steps := make([]lab.Step, len(tc.Replies))
	for i, r := range tc.Replies {
		steps[i] = r
	}
	model := lab.NewScriptedModel(steps...)
	got := S.Compact(rec.Model(model), handed, tc.Keep)
	out.Returned = returned(got, handed, tc.Alias)
	out.Requests, out.Asked, out.Refusals = model.Calls(), model.Asked(), model.Refusals()
	return out
}

// repair repairs a copy of tc's list.
func repair(_ *checkkit.C, tc RepairCase) Returned {
	handed := lab.CloneMessages(tc.Broken)
	got := S.Repair(handed)
	return returned(got, handed, tc.Alias)
}

// returned records what a function returned and what it left of the list
// it was handed; with alias, it then changes every message returned and
// records the handed list again.
func returned(got, handed []lab.Message, alias bool) Returned {
	out := Returned{Result: lab.CloneMessages(got), Handed: lab.CloneMessages(handed)}
	if alias {
		for i := range got {
			got[i].Content = Changed
		}
		out.AfterChange = lab.CloneMessages(handed)
	}
	return out
}

// cloneSpecs returns a copy of specs, so a play never hands out the
// scenario's own.
func cloneSpecs(specs []lab.Spec) []lab.Spec {
	if specs == nil {
		return nil
	}
	return append([]lab.Spec(nil), specs...)
}

// refusing is a model that refuses every request, as a provider does when it
// is down, and keeps each request it was sent.
type refusing struct{ requests []lab.Request }

// Complete refuses the request.
func (m *refusing) Complete(system string, messages []lab.Message, tools []lab.Spec) lab.Message {
	m.requests = append(m.requests, lab.Request{System: system, Messages: lab.CloneMessages(messages), Tools: cloneSpecs(tools)})
	return lab.Message{Role: lab.RoleAssistant, StopReason: "error", Error: "529 overloaded: try again later"}
}
