package checks

import (
	"harnesslab/grader/checkkit"
	"harnesslab/lab"
)

// Student is the student's code as the checks call it. The check program's
// main fills it in from harness.go and schema.go; keeping the checks out of
// package main means they are compiled once, and only a small main is
// compiled again for each copy of the student's files.
type Student struct {
	Validate     func(schema lab.Schema, value any) error
	InWorkspace  func(path string) error
	RunTool      func(tools []lab.Tool, call lab.Block) lab.Message
	MakeReadTool func(ws *lab.Workspace) lab.Tool
	Chat         func(model lab.Model, messages []lab.Message, text string, tools []lab.Tool) ([]lab.Message, Result)
	SchemaOf     func(s lab.GoStruct) (lab.Schema, error)
	ToolOf       func(name string, s lab.GoStruct, execute func(lab.Args) (string, error)) (lab.Tool, error)
}

// S is the student's code under check.
var S Student

// Result is how a run of the student's loop ended, copied from harness.Result.
type Result struct {
	Status string
	Text   string
	Steps  int
}

// The lesson's values, as the kit knows them. Checks build what they expect
// from these, never from the student's file.
const (
	answered = "answered"
	maxSteps = 8
)

// Checks holds every check of the lesson, by name. The scripts NN_name.txtar
// say which to run, in what order, and what each one promises the student.
var Checks = map[string]checkkit.Check{
	"agrees_with_reference":         agreesWithReference,
	"bounds_inclusive":              boundsInclusive,
	"enum_values_listed":            enumValuesListed,
	"invalid_call_never_runs":       invalidCallNeverRuns,
	"model_fixes_its_call":          modelFixesItsCall,
	"one_bad_call_among_good":       oneBadCallAmongGood,
	"paths_reach_inside":            pathsReachInside,
	"paths_stay_inside":             pathsStayInside,
	"read_refuses_outside":          readRefusesOutside,
	"required_named_first":          requiredNamedFirst,
	"same_words_every_time":         sameWordsEveryTime,
	"schema_from_doc_comments":      schemaFromDocComments,
	"optional_fields_not_required":  optionalFieldsNotRequired,
	"unknown_type_refused":          unknownTypeRefused,
	"tool_needs_description":        toolNeedsDescription,
	"schema_outside_subset_refused": schemaOutsideSubsetRefused,
	"unknown_properties_refused":    unknownPropertiesRefused,
	"whole_numbers_are_integers":    wholeNumbersAreIntegers,
	"wrong_type_named":              wrongTypeNamed,
}
