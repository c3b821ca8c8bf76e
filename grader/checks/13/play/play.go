// Package play drives the student's code of lesson 13, "Ending with data",
// through a check's scenario and records what came back. It is linked twice:
// into the player, with the student's files, and into the judge, with the
// reference solution, which plays the same scenario so the two records can
// be compared (see checkkit.JudgeMain). It holds no expected value.
package play

import (
	"bytes"
	"encoding/json"
	"fmt"

	"harnesslab/grader/checkkit"
	"harnesslab/lab"
)

// Student is the code under play, as the play functions call it.
type Student struct {
	RunTask    func(model lab.Model, messages []lab.Message, text string, tools []lab.Tool) ([]lab.Message, Final)
	CheckClaim func(messages []lab.Message) error
}

// Final is the play's copy of the lesson's Final: how a run ended, and the
// result it ended with.
type Final struct {
	Ending       string
	Summary      string
	FilesChanged []string
	TestsPassed  bool
	Problem      string
}

// S is the code under play: the student's in the player, the reference's in
// the judge.
var S Student

// Ran is what one run of RunTask did: every request the model answered, the
// requests it refused and how many it was asked in all, the list RunTask
// returned and its Final, the caller's tools that ran, the caller's list
// (History) and the files afterwards.
type Ran struct {
	Requests []lab.Request
	Refusals []string
	Asked    int
	Messages []lab.Message
	Final    Final
	Runs     []checkkit.ToolRun
	History  []lab.Message
	Files    map[string]string
}

// Claim is one transcript handed to CheckClaim.
type Claim struct {
	What     string        `json:"what"`
	Messages []lab.Message `json:"messages"`
}

// Claimed is what one call of CheckClaim did: its error's words (nil when it
// returned nil) and the list it was handed, as it was afterwards.
type Claimed struct {
	Error *string
	After []lab.Message
}

// TaskKey names what the play of task i of data set k recorded.
func TaskKey(k, i int) string { return fmt.Sprintf("run %d, task %d", k+1, i+1) }

// ClaimKey names what the play of transcript i of data set k recorded.
func ClaimKey(k, i int) string { return fmt.Sprintf("run %d, transcript %d", k+1, i+1) }

// Plays holds every check of the lesson, by name, as the player plays it.
var Plays = map[string]checkkit.Check{
	"claim_backed_accepted":        playClaims,
	"claim_backed_in_run":          playTasks,
	"claim_last_run_failed":        playClaims,
	"claim_run_before_edit":        playClaims,
	"claim_unproven_in_run":        playTasks,
	"claim_words_not_evidence":     playClaims,
	"claims_agree":                 playClaims,
	"invalid_gets_validator_words": playTasks,
	"other_calls_answered_not_run": playTasks,
	"repair_then_submitted":        playTasks,
	"result_from_arguments":        playTasks,
	"result_request_forced":        playTasks,
	"run_task_agrees":              playTasks,
	"second_invalid_ends_invalid":  playTasks,
	"submit_call_answered":         playTasks,
	"words_asked_again":            playTasks,
	"work_requests_choose_freely":  playTasks,
}

// playTasks hands every task of every data set to RunTask.
func playTasks(c *checkkit.C) {
	for k, set := range checkkit.Scenario[[]checkkit.Data[[]Task]](c) {
		for i, t := range set.Data {
			title := fmt.Sprintf("run %d (%s): %s", k+1, set.Name, t.What)
			c.Observe(TaskKey(k, i), RunTask(c, title, t))
		}
	}
}

// playClaims hands every transcript of every data set to CheckClaim.
func playClaims(c *checkkit.C) {
	for k, set := range checkkit.Scenario[[]checkkit.Data[[]Claim]](c) {
		for i, cl := range set.Data {
			c.Observe(ClaimKey(k, i), CheckClaim(cl))
		}
	}
}

// CheckClaim hands cl's transcript to the code under play and records what
// it did.
func CheckClaim(cl Claim) Claimed {
	messages := lab.CloneMessages(cl.Messages)
	var out Claimed
	if err := S.CheckClaim(messages); err != nil {
		words := err.Error()
		out.Error = &words
	}
	out.After = messages
	return out
}

// Adapt makes a Student of the lesson's two functions, whatever the
// package's Final is: it is read field by field, by name, into the play's
// copy.
func Adapt[F any](
	runTask func(lab.Model, []lab.Message, string, []lab.Tool) ([]lab.Message, F),
	checkClaim func([]lab.Message) error,
) Student {
	return Student{
		RunTask: func(model lab.Model, messages []lab.Message, text string, tools []lab.Tool) ([]lab.Message, Final) {
			messages, final := runTask(model, messages, text, tools)
			return messages, finalOf(final)
		},
		CheckClaim: checkClaim,
	}
}

// finalOf copies the fields of a lesson's Final that the play's copy names.
func finalOf(v any) Final {
	var out Final
	data, err := json.Marshal(v)
	if err == nil {
		err = json.NewDecoder(bytes.NewReader(data)).Decode(&out)
	}
	if err != nil {
		panic(fmt.Sprintf("the Final RunTask returned cannot be read: %v", err))
	}
	return out
}
