// Package checks holds the judgements of lesson 08, "Guardrails": each
// check's scenario, and how the student's play of it is compared with the
// reference's. Only the judge links it (see grader/checks/08/judge); the
// player links package play alone.
package checks

import (
	"harnesslab/grader/checkkit"
	"harnesslab/grader/checks/08/play"
)

// The lesson's values, as the kit knows them. Scenarios and the rules the
// reference must keep are built from these, never from the student's files.
var kit = play.Values{
	System: "You are a helpful assistant.", Answered: "answered", GaveUp: "gave up", MaxSteps: 8,
	Refused: "refused", Withheld: "withheld",
	PhoneMark: "[phone]", EmailMark: "[email]", CardMark: "[card]",
	Phone: "phone", Email: "email", Card: "card", MaxInput: 2000,
	InputGuard: "input", RedactGuard: "redact", OutputGuard: "output",
}

// Judges holds every check of the lesson, by name. The scripts NN_name.txtar
// say which to run, in what order, and what each one promises the student.
var Judges = map[string]checkkit.Judgement{
	"answer_with_personal_data_withheld": {Scenario: personalAnswers, Judge: judgePersonalAnswer},
	"cited_figures_pass":                 {Scenario: citedScenario, Judge: judgeCited},
	"errors_and_panics_redacted":         {Scenario: failureScenario, Judge: judgeFailures},
	"every_redaction_logged":             {Scenario: logScenario, Judge: judgeLogged},
	"gave_up_stays_gave_up":              {Scenario: officeWorlds, Judge: judgeGaveUp},
	"guarded_run_answers":                {Scenario: answeringScenario, Judge: judgeGuardedAnswers},
	"guarded_runs_agree":                 {Scenario: generatedRuns, Judge: judgeGeneratedRuns},
	"input_refused_before_model":         {Scenario: refusalScenario, Judge: judgeRefusals},
	"input_within_limits_passes":         {Scenario: fineScenario, Judge: judgeFine},
	"lesson_values_kept":                 {Scenario: func() any { return nil }, Judge: judgeValues},
	"luhn_checks_the_digit":              {Scenario: luhnNumbers, Judge: judgeLuhn},
	"near_misses_survive":                {Scenario: nearMissTexts, Judge: judgeNearMisses},
	"no_personal_data_logged":            {Scenario: leakyAnswers, Judge: judgeNoPersonalDataLogged},
	"redact_agrees":                      {Scenario: generatedPieces, Judge: judgeGeneratedPieces},
	"redact_marks_each_kind":             {Scenario: redactTexts, Judge: judgeRedact},
	"results_redacted_before_model":      {Scenario: officeWorlds, Judge: judgeLoop},
	"tools_handed_in_unchanged":          {Scenario: officeWorlds, Judge: judgeHanded},
	"uncited_answer_withheld":            {Scenario: uncitedAnswers, Judge: judgeUncitedAnswer},
	"uncited_figures_named":              {Scenario: uncitedScenario, Judge: judgeUncited},
}

// get decodes what the student's play and the reference's recorded under key.
func get[T any](c *checkkit.C, yours, ref checkkit.Observed, key string) (got, want T) {
	want = checkkit.Get[T](c, ref, key)
	return checkkit.Get[T](c, yours, key), want
}

// mapSets returns sets with each case made into what the player is handed.
func mapSets[T, U any](sets []checkkit.Data[[]T], f func(T) U) []checkkit.Data[[]U] {
	out := make([]checkkit.Data[[]U], len(sets))
	for k, set := range sets {
		out[k].Name = set.Name
		for _, x := range set.Data {
			out[k].Data = append(out[k].Data, f(x))
		}
	}
	return out
}

// mapData returns sets with each one's data made into what the player is
// handed.
func mapData[T, U any](sets []checkkit.Data[T], f func(T) U) []checkkit.Data[U] {
	out := make([]checkkit.Data[U], len(sets))
	for k, set := range sets {
		out[k] = checkkit.Data[U]{Name: set.Name, Data: f(set.Data)}
	}
	return out
}

func judgeValues(c *checkkit.C, yours, ref checkkit.Observed) {
	got, want := get[play.Values](c, yours, ref, play.ValuesKey)
	if want != kit {
		c.KitFatalf("the reference's values %+v are not the kit's %+v", want, kit)
	}
	c.Equal("harness.go and guard.go should keep the lesson's values: the system prompt, the statuses, the budget, the "+
		"marks, the kinds, the input limit and the guards' names. (The other checks use the lesson's values whatever "+
		"the files say; this one says whether they still agree.)", want, got)
}
