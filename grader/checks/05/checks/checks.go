// Package checks holds the judgements of lesson 05, "The contract": each
// check's scenario, and how the student's play of it is compared with the
// reference's. Only the judge links it (see grader/checks/05/judge); the
// player links package play alone.
package checks

import (
	"fmt"

	"harnesslab/grader/checkkit"
	"harnesslab/grader/checks/05/play"
)

// The lesson's values, as the kit knows them.
const (
	answered = "answered"
)

// Judges holds every check of the lesson, by name. The scripts NN_name.txtar
// say which to run, in what order, and what each one promises the student.
var Judges = map[string]checkkit.Judgement{
	"agrees_with_reference":         {Scenario: differentialScenario, Judge: judgeDifferential},
	"bounds_inclusive":              asked(boundsCases),
	"enum_values_listed":            asked(enumCases),
	"generated_calls_agree":         {Scenario: generatedCalls, Judge: judgeGeneratedCalls},
	"generated_structs_agree":       {Scenario: generatedStructs, Judge: judgeGeneratedStructs},
	"generated_values_agree":        {Scenario: generatedValues, Judge: judgeGeneratedValues},
	"invalid_call_never_runs":       {Scenario: invalidCallScenario, Judge: judgeInvalidCalls},
	"model_fixes_its_call":          {Scenario: fixScenario, Judge: judgeFixes},
	"one_bad_call_among_good":       {Scenario: amongScenario, Judge: judgeAmong},
	"optional_fields_not_required":  sourced(optionalSources),
	"paths_reach_inside":            asked(pathCases),
	"paths_stay_inside":             {Scenario: pathScenario, Judge: judgePaths},
	"read_refuses_outside":          {Scenario: readScenario, Judge: judgeReads},
	"required_named_first":          asked(requiredCases),
	"same_words_every_time":         {Scenario: repeatScenario, Judge: judgeRepeats},
	"schema_from_doc_comments":      sourced(docSources),
	"schema_outside_subset_refused": asked(outsideCases),
	"tool_needs_description":        {Scenario: toolScenario, Judge: judgeTools},
	"unknown_properties_refused":    asked(unknownCases),
	"unknown_type_refused":          sourced(unknownTypeSources),
	"whole_numbers_are_integers":    asked(wholeCases),
	"wrong_type_named":              asked(wrongTypeCases),
}

// mapSets turns each item of every data set into what the player is handed.
func mapSets[T, U any](sets []checkkit.Data[[]T], f func(T) U) []checkkit.Data[[]U] {
	out := make([]checkkit.Data[[]U], len(sets))
	for k, set := range sets {
		out[k].Name = set.Name
		out[k].Data = make([]U, len(set.Data))
		for i, x := range set.Data {
			out[k].Data[i] = f(x)
		}
	}
	return out
}

// both reads the student's and the reference's record of item i of set k.
func both[T any](c *checkkit.C, yours, ref checkkit.Observed, k, i int) (got, want T) {
	return checkkit.Get[T](c, yours, play.Key(k, i)), checkkit.Get[T](c, ref, play.Key(k, i))
}

// verdict writes what Validate answered, in words.
func verdict(a play.Answer) string {
	if a.Nil {
		return "nil (the value keeps to the schema)"
	}
	return fmt.Sprintf("%q", a.Words)
}

// wordsOf is the kit's expectation as an Answer: "" is nil.
func wordsOf(words string) play.Answer {
	return play.Answer{Nil: words == "", Words: words}
}

// sameAnswer reports whether two answers say the same.
func sameAnswer(a, b play.Answer) bool { return a.Nil == b.Nil && a.Words == b.Words }
