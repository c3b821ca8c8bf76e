package checks

import (
	"fmt"
	"slices"
	"strings"

	"pgregory.net/rapid"

	"harnesslab/grader/checkkit"
	"harnesslab/grader/checks/13/play"
	"harnesslab/lab"
)

// Generated runs and transcripts: the lesson's rules combined in ways no
// hand-written case holds. Each is made from a fixed seed, so every run hands
// out the same ones, and they are played smallest first, so the first
// difference reported is the smallest found.

// Generated counts: how many runs of RunTask and transcripts for CheckClaim
// the checks generate, each in two data sets.
const (
	generatedTaskCount  = 48
	generatedClaimCount = 240
)

// genPaths are the files generated calls name; the last is never there.
var genPaths = []string{"a.go", "auth/session.go", "notes/é.md", "missing.go"}

// genSummaries are summaries a generated result may carry: empty, blank,
// multi-byte, long.
var genSummaries = []string{"", "   ", "Fixed a.go.", "Réglé : la session expire à l'heure ✓", "Line one.\nLine two.", strings.Repeat("long summary ", 400)}

// genFiles draws the files_changed of a valid result: none, some, repeated.
func genFiles(t *rapid.T) []any {
	n := rapid.IntRange(0, 6).Draw(t, "files")
	files := make([]any, n)
	for i := range files {
		files[i] = rapid.SampledFrom(genPaths).Draw(t, "file")
	}
	return files
}

// genArgs draws the arguments of a submit_result call: valid, or broken in
// one of the ways a model breaks a schema (a wrong type, a missing field, a
// field nobody asked for, null).
func genArgs(t *rapid.T) lab.Args {
	args := lab.Args{
		"summary":       rapid.SampledFrom(genSummaries).Draw(t, "summary"),
		"files_changed": genFiles(t),
		"tests_passed":  rapid.Bool().Draw(t, "passed"),
	}
	switch rapid.IntRange(0, 14).Draw(t, "broken") {
	case 0:
		args["tests_passed"] = rapid.SampledFrom([]any{"true", "yes", 1.0, nil}).Draw(t, "tests_passed")
	case 1:
		delete(args, rapid.SampledFrom([]string{"summary", "files_changed", "tests_passed"}).Draw(t, "missing"))
	case 2:
		args["files_changed"] = rapid.SampledFrom([]any{"a.go", nil, []any{"a.go", 3.0}, map[string]any{}}).Draw(t, "files_changed")
	case 3:
		args["notes"] = "extra"
	case 4:
		args["summary"] = rapid.SampledFrom([]any{7.0, nil, []any{"a"}}).Draw(t, "summary type")
	}
	return args
}

// genCall draws a call of the caller's tools (or one the world does not have)
// under id.
func genCall(t *rapid.T, id string, edit bool) lab.Block {
	tools := []string{"read", "read", testTool, testTool, "deploy"}
	if edit {
		tools = append(tools, editTool, editTool)
	}
	switch name := rapid.SampledFrom(tools).Draw(t, "tool"); name {
	case "read":
		return call(id, "read", lab.Args{"path": rapid.SampledFrom(genPaths).Draw(t, "path")})
	case editTool:
		old := rapid.SampledFrom([]string{"10", "package", "nothing like this"}).Draw(t, "old_text")
		return call(id, editTool, lab.Args{"path": rapid.SampledFrom(genPaths).Draw(t, "path"), "old_text": old, "new_text": "0"})
	case testTool:
		return call(id, testTool, lab.Args{})
	default:
		return call(id, name, lab.Args{"target": "prod"})
	}
}

// taskGen generates a run of RunTask: a conversation before it or none, the
// caller's tools with or without edit and today, a model that takes a tool
// choice or one that does not, up to 10 replies of work (past MaxSteps, 8),
// test runs that pass and fail in turn, and one to three result attempts in
// words, valid or broken, with other calls before and after submit_result.
var taskGen = rapid.Custom(func(t *rapid.T) play.Task {
	tk := play.Task{
		Question: rapid.SampledFrom([]string{"Fix the session expiry.", "Do the tests pass?", "Résumé : corrige ça."}).Draw(t, "question"),
		Files:    map[string]string{"a.go": "package a\nconst n = 10\n", "auth/session.go": "const grace = 10 * time.Minute\n", "notes/é.md": "ok  auth  14 tests passed\n"},
		Edit:     rapid.IntRange(0, 3).Draw(t, "edit") > 0,
		Plain:    rapid.IntRange(0, 4).Draw(t, "plain") == 0,
	}
	if rapid.Bool().Draw(t, "today") {
		tk.Today = "2025-03-14"
	}
	for range rapid.IntRange(1, 3).Draw(t, "test runs") {
		tk.Tests = append(tk.Tests, rapid.SampledFrom([]play.TestRun{
			{Output: "ok  auth  14 tests passed"}, {Output: "FAIL auth: 1 of 14 tests failed", Fail: true},
			{Output: ""}, {Output: "ok", Fail: true}}).Draw(t, "test run"))
	}
	switch rapid.IntRange(0, 3).Draw(t, "history") {
	case 1:
		tk.History = []lab.Message{lab.User("Hello."), lab.Say("Hello! What shall I do?")}
	case 2:
		tk.History = []lab.Message{lab.User("Run the tests first."), lab.Reply(call("h1", testTool, lab.Args{})),
			checkkit.Result("h1", testTool, "ok  auth  14 tests passed"), lab.Say("They pass.")}
	}
	id := 0
	next := func(prefix string) string { id++; return fmt.Sprintf("%s%d", prefix, id) }
	for range rapid.IntRange(0, 10).Draw(t, "work") {
		calls := rapid.IntRange(1, 3).Draw(t, "calls")
		blocks := []lab.Block{}
		if rapid.IntRange(0, 3).Draw(t, "words first") == 0 {
			blocks = append(blocks, lab.Text("Let me look."))
		}
		for range calls {
			blocks = append(blocks, genCall(t, next("w"), tk.Edit))
		}
		tk.Work = append(tk.Work, lab.Reply(blocks...))
	}
	tk.Work = append(tk.Work, lab.Say(rapid.SampledFrom([]string{"Done. All tests pass.", "I could not finish.", ""}).Draw(t, "closing")))
	// Attempts until one is valid or two are not, as a correct harness asks
	// for them, then one more nobody should ask for: no reply is played twice.
	broken := 0
	for broken < 2 {
		if rapid.IntRange(0, 5).Draw(t, "words only") == 0 {
			tk.Attempts = append(tk.Attempts, play.Attempt{Words: "Everything is fixed and the tests pass."})
			broken++
			continue
		}
		a := play.Attempt{Prose: rapid.SampledFrom([]string{"", "Here is my result.", "Tests pass!"}).Draw(t, "prose")}
		for range rapid.IntRange(0, 4).Draw(t, "before") / 3 {
			a.Before = append(a.Before, genCall(t, next("s"), true))
		}
		a.ID = next("r")
		a.Args = genArgs(t)
		for range rapid.IntRange(0, 4).Draw(t, "after") / 3 {
			a.After = append(a.After, genCall(t, next("s"), true))
		}
		tk.Attempts = append(tk.Attempts, a)
		if !validResult(a.Args) {
			broken++
			continue
		}
		break
	}
	tk.Attempts = append(tk.Attempts, play.Attempt{ID: next("r"), Args: lab.Args{"summary": "A result nobody should ask for.", "files_changed": []any{}, "tests_passed": false}})
	return tk
})

// validResult reports whether args keep to submit_result's schema, as the
// generator made them: the three fields, of their types, and nothing else.
func validResult(args lab.Args) bool {
	if len(args) != 3 {
		return false
	}
	_, ok1 := args["summary"].(string)
	files, ok2 := args["files_changed"].([]any)
	_, ok3 := args["tests_passed"].(bool)
	for _, f := range files {
		if _, ok := f.(string); !ok {
			return false
		}
	}
	return ok1 && ok2 && ok3
}

// size is how big a generated task is: its replies, work and results.
func size(t play.Task) int { return len(t.Work) + len(t.Attempts) }

// generatedTasks is two data sets of generated runs of RunTask.
func generatedTasks() any {
	var all []play.Task
	for seed := range generatedTaskCount {
		all = append(all, taskGen.Example(seed))
	}
	slices.SortStableFunc(all, func(a, b play.Task) int { return size(a) - size(b) })
	for i := range all {
		all[i].What = fmt.Sprintf("Generated task %d (%s)", i+1, describeTask(all[i]))
	}
	return checkkit.Generated(all, "tasks")
}

// describeTask says in words what makes a generated task what it is.
func describeTask(t play.Task) string {
	parts := []string{checkkit.Plural(len(t.Work)-1, "step") + " of work", checkkit.Plural(len(t.Attempts)-1, "result") + " asked for"}
	if len(t.Work)-1 > 8 {
		parts = append(parts, "past MaxSteps")
	}
	if t.Plain {
		parts = append(parts, "a model that takes no tool choice")
	}
	if t.History != nil {
		parts = append(parts, "an earlier conversation handed in")
	}
	return strings.Join(parts, ", ")
}

// judgeRunTaskAgrees compares each generated run with the reference's: the
// requests, the list returned, the Final, the tools that ran, the caller's
// list and the files afterwards.
func judgeRunTaskAgrees(c *checkkit.C, yours, ref checkkit.Observed) {
	checkkit.EachScenario(c, checkkit.Scenario[[]checkkit.Data[[]play.Task]](c), func(k int, tasks []play.Task) {
		for i, t := range tasks {
			got := checkkit.Get[play.Ran](c, yours, play.TaskKey(k, i))
			want := checkkit.Get[play.Ran](c, ref, play.TaskKey(k, i))
			referencePlays(c, t.What, want)
			logRefusals(c, got)
			if agreeRun(c, t, got, want); c.Failed() {
				return
			}
		}
	})
}

// agreeRun compares one generated run, and stops at the first difference.
func agreeRun(c *checkkit.C, t play.Task, got, want play.Ran) {
	what := t.What
	for r := range min(len(got.Requests), len(want.Requests)) {
		if !c.Equal(fmt.Sprintf("%s: request %d should be what a correct harness sends", what, r+1), want.Requests[r], got.Requests[r], checkkit.AsSent...) {
			checkkit.LogConversation(c, fmt.Sprintf("The messages of request %d", r+1), got.Requests[r].Messages)
			return
		}
	}
	if got.Asked != want.Asked {
		work := workRequests(want.Requests)
		note := ""
		if work == maxSteps {
			note = " (the work used every step Chat allows, MaxSteps; the result is asked for all the same)"
		}
		c.Errorf("%s: RunTask should ask the model %s, %d for the work and %d for the result%s; it asked %s.",
			what, checkkit.Times(want.Asked), work, want.Asked-work, note, asked(got))
		checkkit.LogConversation(c, "What RunTask returned", got.Messages)
		return
	}
	if !checkkit.SameMessages(c, what+": RunTask should return the whole conversation, every call answered", want.Messages, got.Messages, 0) {
		return
	}
	ended := want.Final
	if want.Final.Ending == unproven {
		ended.Problem = got.Final.Problem
	}
	if !sameFinal(c, what+": RunTask should end with what a correct harness ends with", ended, got.Final) {
		checkkit.LogConversation(c, "What RunTask returned", got.Messages)
		return
	}
	if want.Final.Ending == unproven && !sameMessageNumbers(c, what+": the Problem (CheckClaim's words)", want.Final.Problem, got.Final.Problem) {
		return
	}
	if !sameRuns(c, what+": only the work's calls run", want.Runs, got.Runs) {
		return
	}
	c.Equal(what+": RunTask should leave the caller's list as it was handed in", want.History, got.History, checkkit.AsSent...)
	c.Equal(what+": the files afterwards", want.Files, got.Files)
}

// maxSteps is the step budget Chat gives the work (the lesson's MaxSteps).
const maxSteps = 8

// workRequests counts the requests of the work: those that do not offer
// submit_result.
func workRequests(requests []lab.Request) int {
	n := 0
	for _, r := range requests {
		offered := false
		for _, s := range r.Tools {
			offered = offered || s.Name == submitName
		}
		if !offered {
			n++
		}
	}
	return n
}
