// Package play drives the student's code of lesson 16, "Patch, a small
// coding agent", through a check's scenario and records what came back. It
// is linked twice: into the player, with the student's files, and into the
// judge, with the reference solution, which plays the same scenario so the
// two records can be compared (see checkkit.JudgeMain). It holds no expected
// value.
package play

import (
	"encoding/json"
	"fmt"
	"runtime"

	"harnesslab/grader/checkkit"
	"harnesslab/lab"
)

// Student is the code under play, as the play functions call it.
type Student struct {
	MakeRunCommandTool func(ws *lab.Workspace, commands lab.Commands) lab.Tool
	RunTool            func(tools []lab.Tool, call lab.Block) lab.Message
	Patch              func(job Job) Outcome
}

// Job is the play's copy of the lesson's PatchJob.
type Job struct {
	Model    lab.Model
	Repo     *lab.Workspace
	Commands lab.Commands
	Ask      func(tool string, args lab.Args) bool
	Task     string
	Budget   int
}

// Outcome is the play's copy of the lesson's PatchResult.
type Outcome struct {
	Messages  []lab.Message
	Copy      *lab.Workspace
	Status    string
	Text      string
	Steps     int
	Spent     int
	TestsPass bool
	Log       []Entry
}

// Entry is the play's copy of one line of the lesson's policy log, and of
// one question put to the person.
type Entry struct {
	Tool     string
	Args     lab.Args
	Verdict  string
	Reason   string
	Approved bool
}

// S is the code under play: the student's in the player, the reference's in
// the judge.
var S Student

// CaseKey names what the play of command case i of data set k recorded.
func CaseKey(k, i int) string { return fmt.Sprintf("run %d, case %d", k+1, i+1) }

// SessionKey names what the play of session i of data set k recorded.
func SessionKey(k, i int) string { return fmt.Sprintf("run %d, session %d", k+1, i+1) }

// Plays holds every check of the lesson, by name, as the player plays it.
var Plays = map[string]checkkit.Check{
	"allowed_commands_run":       playCases,
	"bill_within_budget":         playSessions,
	"big_outputs_kept":           playSessions,
	"claims_checked":             playSessions,
	"commands_agree":             playCases,
	"commands_asked_first":       playSessions,
	"every_call_answered":        playSessions,
	"failing_run_is_a_result":    playCases,
	"lookalike_commands_refused": playCases,
	"other_commands_refused":     playCases,
	"patch_agrees":               playAtOnce,
	"reads_at_once":              playAtOnce,
	"repo_left_untouched":        playSessions,
	"run_command_offered":        playCases,
	"runner_failure_is_error":    playCases,
	"session_fixes_the_test":     playSessions,
	"stops_at_budget":            playSessions,
}

// playCases hands every command case of every data set to run_command.
func playCases(c *checkkit.C) {
	for k, set := range checkkit.Scenario[[]checkkit.Data[[]Case]](c) {
		for i, cs := range set.Data {
			title := fmt.Sprintf("run %d (%s): %s", k+1, set.Name, cs.What)
			c.Observe(CaseKey(k, i), PlayCase(c, title, cs))
		}
	}
}

// playSessions hands every session of every data set to Patch.
func playSessions(c *checkkit.C) {
	for k, set := range checkkit.Scenario[[]checkkit.Data[[]Session]](c) {
		for i, s := range set.Data {
			c.Observe(SessionKey(k, i), PlaySession(s))
		}
	}
}

// playAtOnce plays the sessions as playSessions does, with more processors
// than a small machine has cores: the reads of a reply then run side by
// side even where the program would get one, and the race detector sees two
// that write the same memory.
func playAtOnce(c *checkkit.C) {
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(max(4, runtime.GOMAXPROCS(0))))
	playSessions(c)
}

// decodeJSON decodes data into v.
func decodeJSON(data string, v any) error {
	return json.Unmarshal([]byte(data), v)
}
