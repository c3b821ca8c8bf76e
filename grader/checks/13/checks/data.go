package checks

import (
	"harnesslab/grader/checkkit"
	"harnesslab/grader/checks/13/play"
	"harnesslab/lab"
)

// The hand-written runs of RunTask. Each task says what the player is handed
// and, for the kit only, what a correct harness ends with: the judge checks
// the reference against it, and compares the student's run with the
// reference's, never with these.

// attempt is one reply to a request for the result: the words before the
// call, other calls the model slipped in, the submit_result arguments, and
// the validator's words for them ("" when they keep to the schema). An
// attempt in words only (words set) holds no call at all: the model answered
// the forced request with its prose.
type attempt struct {
	prose   string
	others  []lab.Block
	id      string
	args    lab.Args
	after   []lab.Block
	problem string
	words   bool
}

// task is one scenario of RunTask: a question, the files, what the test tool
// says, the date of a today tool ("" for none), the replies of the work (the
// last one in words), the result attempts, and the Final a correct harness
// ends with.
type task struct {
	question  string
	files     map[string]string
	tests     string
	testsFail bool
	today     string
	work      []lab.Message
	attempts  []attempt
	want      play.Final
}

// scenario is the task as the player is handed it: without the kit's
// expectations.
func (t task) scenario(what string) play.Task {
	out := play.Task{What: what, Question: t.question, Files: t.files, Today: t.today, Work: t.work,
		Tests: []play.TestRun{{Output: t.tests, Fail: t.testsFail}}}
	for _, a := range t.attempts {
		if a.words {
			out.Attempts = append(out.Attempts, play.Attempt{Words: a.prose})
			continue
		}
		out.Attempts = append(out.Attempts, play.Attempt{Prose: a.prose, Before: a.others, ID: a.id, Args: a.args, After: a.after})
	}
	return out
}

// taskScenario returns the scenario of a check over sets: one task per data
// set.
func taskScenario(sets []checkkit.Data[task]) func() any {
	return func() any {
		out := make([]checkkit.Data[[]play.Task], len(sets))
		for k, set := range sets {
			out[k] = checkkit.Data[[]play.Task]{Name: set.Name, Data: []play.Task{set.Data.scenario("RunTask: " + set.Data.question)}}
		}
		return out
	}
}

// call is a toolCall block with its id, as the scripted model would number it.
func call(id, name string, args lab.Args) lab.Block {
	return lab.Call(name, args).WithID(id)
}

// valid returns a result attempt whose arguments keep to the schema.
func valid(id, prose, summary string, files []any, passed bool) attempt {
	return attempt{prose: prose, id: id,
		args: lab.Args{"summary": summary, "files_changed": files, "tests_passed": passed}}
}

// plainTasks are runs whose first result is valid and claims nothing about
// the tests: the first reads a file and runs failing tests, the second only
// reads, changes no file, and its model says more in words than in data. The
// second is also handed the kit's today tool, so the tools offered for the
// result differ from run to run.
var plainTasks = []checkkit.Data[task]{
	{Name: "a failing test suite, reported as failing", Data: task{
		question: "Why does the session expire late? Look at auth/session.go.",
		files:    map[string]string{"auth/session.go": "const grace = 10 * time.Minute\n"},
		tests:    "FAIL auth: 2 of 14 tests failed", testsFail: true,
		work: []lab.Message{
			lab.Reply(call("c1", "read", lab.Args{"path": "auth/session.go"})),
			lab.Reply(lab.Text("Let me run the tests."), call("c2", testTool, lab.Args{})),
			lab.Say("The 10-minute grace period makes sessions expire late. Two tests fail."),
		},
		attempts: []attempt{valid("c3", "Here is my result: all good!",
			"The 10-minute grace period in auth/session.go delays expiry; 2 of 14 tests fail.",
			[]any{"auth/session.go"}, false)},
		want: play.Final{Ending: submitted,
			Summary:      "The 10-minute grace period in auth/session.go delays expiry; 2 of 14 tests fail.",
			FilesChanged: []string{"auth/session.go"}},
	}},
	{Name: "a read-only look at two files, nothing changed, a today tool too", Data: task{
		question: "Which port does app.toml set, and does README.md agree?",
		files:    map[string]string{"app.toml": "port = 7070\n", "README.md": "Listens on 8080.\n"},
		tests:    "ok", testsFail: false, today: "2025-03-14",
		work: []lab.Message{
			lab.Reply(call("c1", "read", lab.Args{"path": "app.toml"}), call("c2", "read", lab.Args{"path": "README.md"})),
			lab.Say("app.toml says 7070 and README.md says 8080: they disagree. Tests pass, I'm sure."),
		},
		attempts: []attempt{valid("c3", "Done. I fixed README.md and every test passes.",
			"app.toml sets 7070; README.md says 8080.", []any{}, false)},
		want: play.Final{Ending: submitted, Summary: "app.toml sets 7070; README.md says 8080."},
	}},
}

// broken returns a result attempt whose arguments break the schema, with the
// validator's words for them.
func broken(id, prose string, args lab.Args, problem string) attempt {
	return attempt{prose: prose, id: id, args: args, problem: problem}
}

// repairTasks are runs whose first result breaks the schema and whose second
// keeps to it: a string where a boolean belongs, then a field nobody asked for.
var repairTasks = []checkkit.Data[task]{
	{Name: `tests_passed sent as the string "yes"`, Data: task{
		question: "Set the timeout in config.go to 30 seconds.",
		files:    map[string]string{"config.go": "const timeout = 10\n"},
		tests:    "ok", work: []lab.Message{
			lab.Reply(call("c1", "read", lab.Args{"path": "config.go"})),
			lab.Say("config.go holds the timeout; I would set it to 30."),
		},
		attempts: []attempt{
			broken("c2", "Result:", lab.Args{"summary": "Timeout found in config.go.", "files_changed": []any{"config.go"}, "tests_passed": "yes"},
				`/tests_passed: expected boolean, got string "yes"`),
			valid("c3", "Fixed:", "Timeout found in config.go.", []any{"config.go"}, false),
		},
		want: play.Final{Ending: submitted, Summary: "Timeout found in config.go.", FilesChanged: []string{"config.go"}},
	}},
	{Name: "a notes field the schema does not list", Data: task{
		question: "What does notes.md say about the release?",
		files:    map[string]string{"notes.md": "Ship on Friday.\n"},
		tests:    "ok", work: []lab.Message{
			lab.Reply(call("c1", "read", lab.Args{"path": "notes.md"})),
			lab.Say("It says to ship on Friday."),
		},
		attempts: []attempt{
			broken("c2", "", lab.Args{"summary": "notes.md: ship on Friday.", "files_changed": []any{}, "tests_passed": false, "notes": "none"},
				`/notes: unknown property`),
			valid("c3", "Again, without the notes:", "notes.md says to ship on Friday.", []any{}, false),
		},
		want: play.Final{Ending: submitted, Summary: "notes.md says to ship on Friday."},
	}},
}

// twiceBroken are runs whose two results both break the schema.
var twiceBroken = []checkkit.Data[task]{
	{Name: "no summary, then files_changed as a string", Data: task{
		question: "Rename b.go to c.go.", files: map[string]string{"b.go": "package b\n"}, tests: "ok",
		work: []lab.Message{lab.Say("I cannot rename files, but I would.")},
		attempts: []attempt{
			broken("c1", "", lab.Args{"files_changed": []any{"b.go"}, "tests_passed": false}, `/summary: required but missing`),
			broken("c2", "", lab.Args{"summary": "Would rename b.go.", "files_changed": "b.go", "tests_passed": false},
				`/files_changed: expected array, got string "b.go"`),
			valid("c3", "", "A third result nobody should ask for.", []any{}, false),
		},
		want: play.Final{Ending: invalid, Problem: `/files_changed: expected array, got string "b.go"`},
	}},
	{Name: "a number among the files, then tests_passed null", Data: task{
		question: "List the files you would touch.", files: map[string]string{"a.go": "package a\n"}, tests: "ok",
		work: []lab.Message{
			lab.Reply(call("c1", "read", lab.Args{"path": "a.go"})),
			lab.Say("Only a.go."),
		},
		attempts: []attempt{
			broken("c2", "", lab.Args{"summary": "a.go only.", "files_changed": []any{"a.go", 3}, "tests_passed": false},
				`/files_changed/1: expected string, got integer 3`),
			broken("c3", "", lab.Args{"summary": "a.go only.", "files_changed": []any{"a.go"}, "tests_passed": nil},
				`/tests_passed: expected boolean, got null`),
			valid("c4", "", "A third result nobody should ask for.", []any{}, false),
		},
		want: play.Final{Ending: invalid, Problem: `/tests_passed: expected boolean, got null`},
	}},
}

// sideCallTasks are runs whose result reply also calls another tool.
var sideCallTasks = []checkkit.Data[task]{
	{Name: "a test run and a read slipped in", Data: task{
		question: "Is lib.go formatted?", files: map[string]string{"lib.go": "package lib\n"}, tests: "ok  lib  3 tests passed",
		work: []lab.Message{lab.Say("It looks formatted.")},
		attempts: []attempt{{prose: "", id: "c3", others: []lab.Block{call("c1", testTool, lab.Args{}), call("c2", "read", lab.Args{"path": "lib.go"})},
			args: lab.Args{"summary": "lib.go looks formatted.", "files_changed": []any{"lib.go"}, "tests_passed": false}}},
		want: play.Final{Ending: submitted, Summary: "lib.go looks formatted.", FilesChanged: []string{"lib.go"}},
	}},
	{Name: "a read slipped in before submit_result, a test run after it", Data: task{
		question: "Check main.go for the port.", files: map[string]string{"main.go": "port := 9090\n"}, tests: "ok",
		work: []lab.Message{
			lab.Reply(call("c1", "read", lab.Args{"path": "main.go"})),
			lab.Say("main.go uses 9090."),
		},
		attempts: []attempt{{prose: "One more look first.", id: "c3", others: []lab.Block{call("c2", "read", lab.Args{"path": "main.go"})},
			args:  lab.Args{"summary": "main.go listens on 9090.", "files_changed": []any{}, "tests_passed": false},
			after: []lab.Block{call("c4", testTool, lab.Args{})}}},
		want: play.Final{Ending: submitted, Summary: "main.go listens on 9090."},
	}},
}

// wordsTasks are runs whose first reply to the forced request holds no call
// at all, only words, and whose second submits a good result.
var wordsTasks = []checkkit.Data[task]{
	{Name: "a failing test, then words instead of submit_result", Data: task{
		question: "Why does TestParse fail? The code is in parse.go.",
		files:    map[string]string{"parse.go": "func parse(s string) int { return len(s) - 1 }\n"},
		tests:    "FAIL parse: TestParse: got 2, want 3", testsFail: true,
		work: []lab.Message{
			lab.Reply(call("c1", testTool, lab.Args{})),
			lab.Reply(call("c2", "read", lab.Args{"path": "parse.go"})),
			lab.Say("parse subtracts 1 from the length; that is the bug."),
		},
		attempts: []attempt{
			{prose: "The bug is the - 1 in parse.go: TestParse gets 2 instead of 3.", words: true},
			valid("c3", "Here it is as data:", "parse in parse.go subtracts 1 from the length, so TestParse fails.",
				[]any{"parse.go"}, false),
		},
		want: play.Final{Ending: submitted, Summary: "parse in parse.go subtracts 1 from the length, so TestParse fails.",
			FilesChanged: []string{"parse.go"}},
	}},
	{Name: "no tool used, and a one-line answer in words", Data: task{
		question: "Is there anything to do in an empty repository?", tests: "ok",
		work: []lab.Message{lab.Say("Nothing: the repository is empty.")},
		attempts: []attempt{
			{prose: "Nothing to submit: the repository is empty.", words: true},
			valid("c1", "", "The repository is empty; nothing to do.", []any{}, false),
		},
		want: play.Final{Ending: submitted, Summary: "The repository is empty; nothing to do."},
	}},
}
