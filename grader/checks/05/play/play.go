// Package play drives the student's code of lesson 05, "The contract",
// through a check's scenario and records what came back. It is linked twice:
// into the player, with the student's files, and into the judge, with the
// reference solution, which plays the same scenario so the two records can
// be compared (see checkkit.JudgeMain). It holds no expected value.
package play

import (
	"encoding/json"
	"fmt"

	"harnesslab/grader/checkkit"
	"harnesslab/lab"
)

// Student is the code under play, as the play functions call it.
type Student struct {
	Validate     func(schema lab.Schema, value any) error
	InWorkspace  func(path string) error
	RunTool      func(tools []lab.Tool, call lab.Block) lab.Message
	MakeReadTool func(ws *lab.Workspace) lab.Tool
	Chat         func(model lab.Model, messages []lab.Message, text string, tools []lab.Tool) ([]lab.Message, Result)
	SchemaOf     func(s lab.GoStruct) (lab.Schema, error)
	ToolOf       func(name string, s lab.GoStruct, execute func(lab.Args) (string, error)) (lab.Tool, error)
}

// S is the code under play: the student's in the player, the reference's in
// the judge.
var S Student

// Result is how a run of the loop ended, as harness.Result says.
type Result struct {
	Status string
	Text   string
	Steps  int
}

// Adapt makes a Student of the lesson's functions, whatever type the package
// gives Chat's result: its fields Status, Text and Steps are copied.
func Adapt[R any](
	validate func(lab.Schema, any) error,
	inWorkspace func(string) error,
	runTool func([]lab.Tool, lab.Block) lab.Message,
	makeReadTool func(*lab.Workspace) lab.Tool,
	chat func(lab.Model, []lab.Message, string, []lab.Tool) ([]lab.Message, R),
	schemaOf func(lab.GoStruct) (lab.Schema, error),
	toolOf func(string, lab.GoStruct, func(lab.Args) (string, error)) (lab.Tool, error),
) Student {
	return Student{
		Validate: validate, InWorkspace: inWorkspace, RunTool: runTool, MakeReadTool: makeReadTool,
		SchemaOf: schemaOf, ToolOf: toolOf,
		Chat: func(model lab.Model, messages []lab.Message, text string, tools []lab.Tool) ([]lab.Message, Result) {
			out, r := chat(model, messages, text, tools)
			var res Result
			data, _ := json.Marshal(r)
			json.Unmarshal(data, &res)
			return out, res
		},
	}
}

// Key names what the play of item i of data set k recorded.
func Key(k, i int) string { return fmt.Sprintf("run %d, case %d", k+1, i+1) }

// Plays holds every check of the lesson, by name, as the player plays it.
var Plays = map[string]checkkit.Check{
	"agrees_with_reference":         playAsks,
	"bounds_inclusive":              playAsks,
	"enum_values_listed":            playAsks,
	"generated_calls_agree":         playCalls,
	"generated_structs_agree":       playTools,
	"generated_values_agree":        playAsks,
	"invalid_call_never_runs":       playCalls,
	"model_fixes_its_call":          playFixes,
	"one_bad_call_among_good":       playChats,
	"optional_fields_not_required":  playSources,
	"paths_reach_inside":            playAsks,
	"paths_stay_inside":             playPaths,
	"read_refuses_outside":          playCalls,
	"required_named_first":          playAsks,
	"same_words_every_time":         playRepeats,
	"schema_from_doc_comments":      playSources,
	"schema_outside_subset_refused": playAsks,
	"tool_needs_description":        playTools,
	"unknown_properties_refused":    playAsks,
	"unknown_type_refused":          playSources,
	"whole_numbers_are_integers":    playAsks,
	"wrong_type_named":              playAsks,
}

// eachItem plays every item of every data set of the check's scenario, under
// the key of its place.
func eachItem[T any](c *checkkit.C, play func(key string, item T)) {
	for k, set := range checkkit.Scenario[[]checkkit.Data[[]T]](c) {
		for i, item := range set.Data {
			play(Key(k, i), item)
		}
	}
}
