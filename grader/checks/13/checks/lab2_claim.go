package checks

import (
	"harnesslab/grader/checkkit"
	"harnesslab/grader/checks/13/play"
	"harnesslab/lab"
)

// Lab 2: check the claim. tests_passed true is a claim; the transcript is the
// evidence. The last test run must have passed, and no edit may have
// succeeded after it.

// lastRunFailedClaims are transcripts whose last test run failed.
var lastRunFailedClaims = []checkkit.Data[[]claimCase]{
	{Name: "one edit, then a failed run; a passing run, then a failed one", Data: []claimCase{
		{"the only test run, after the edit, failed", transcript("Fix the expiry.", editOK, testsFail), false},
		{"a passing run was followed by a failed one", transcript("Run the tests twice.", testsPass, testsFail), false},
	}},
	{Name: "an edit, a pass, another edit, a failure", Data: []claimCase{
		{"the newest run failed after a second edit", transcript("Fix it again.", editOK, testsPass, editOK, testsFail), false},
		{"only failed runs happened", transcript("Try twice.", testsFail, editOK, testsFail), false},
	}},
}

// runBeforeEditClaims are transcripts with a successful edit after the last
// passing test run.
var runBeforeEditClaims = []checkkit.Data[[]claimCase]{
	{Name: "a passing run, then an edit", Data: []claimCase{
		{"the tests passed, then a successful edit changed the code", transcript("Tidy up.", testsPass, editOK), false},
	}},
	{Name: "edit, pass, edit", Data: []claimCase{
		{"a second successful edit came after the passing run",
			transcript("Fix, test, then polish.", editOK, testsPass, editOK, say("Polished.")), false},
		{"a read, a pass, and an edit after it", transcript("Look and fix.", readOf("const grace = 10\n"), testsPass, editOK), false},
	}},
}

// backedClaims are transcripts that back the claim: the last test run passed,
// and no edit succeeded after it.
var backedClaims = []checkkit.Data[[]claimCase]{
	{Name: "a failed edit after the passing run", Data: []claimCase{
		{"the passing run was followed only by an edit that failed and so changed nothing",
			transcript("Fix and polish.", editOK, testsPass, editFailed), true},
		{"a failed run, an edit, then a passing run", transcript("Fix it.", testsFail, editOK, testsPass), true},
	}},
	{Name: "a plain passing run", Data: []claimCase{
		{"the only test run passed and nothing was edited", transcript("Do the tests pass?", testsPass), true},
		{"the edit came first, the passing run last, then a read", transcript("Fix and check.", editOK, testsPass, readOf("ok\n")), true},
	}},
}

// wordsClaims are transcripts where only words say the tests passed.
var wordsClaims = []checkkit.Data[[]claimCase]{
	{Name: "the model says so", Data: []claimCase{
		{"there is no test run, only the model saying \"I ran the tests: 14 passed.\"",
			transcript("Fix it.", editOK, say("I ran the tests: 14 passed.")), false},
	}},
	{Name: "a file and the user say so", Data: []claimCase{
		{"a read file says \"ok  auth  14 tests passed\" but no test ran",
			transcript("Read the old report.", readOf("ok  auth  14 tests passed\n")), false},
		{"only the user says \"the tests passed\"", transcript("Fix it.", editOK, tell("By the way, the tests passed.")), false},
	}},
}

// claimTasks are runs that end with tests_passed true: the first with only a
// failing test run, the second with no test run at all.
var claimTasks = []checkkit.Data[task]{
	{Name: "only a failing test run", Data: task{
		question: "Run the tests of lib.", files: map[string]string{"lib.go": "package lib\n"},
		tests: "FAIL lib: 3 of 9 tests failed", testsFail: true,
		work: []lab.Message{
			lab.Reply(call("c1", testTool, lab.Args{})),
			lab.Say("Tests pass."),
		},
		attempts: []attempt{valid("c2", "", "Ran the tests of lib.", []any{"lib.go"}, true)},
		want:     play.Final{Ending: unproven, Summary: "Ran the tests of lib.", FilesChanged: []string{"lib.go"}, TestsPassed: true},
	}},
	{Name: "no test run at all", Data: task{
		question: "Is the grace period in auth/session.go still 10 minutes?",
		files:    map[string]string{"auth/session.go": "const grace = 10 * time.Minute\n"}, tests: "ok",
		work: []lab.Message{
			lab.Reply(call("c1", "read", lab.Args{"path": "auth/session.go"})),
			lab.Say("Yes, 10 minutes. All tests pass."),
		},
		attempts: []attempt{valid("c2", "", "The grace period is 10 minutes.", []any{}, true)},
		want:     play.Final{Ending: unproven, Summary: "The grace period is 10 minutes.", TestsPassed: true},
	}},
}

// backedTasks are runs that end with tests_passed true and a passing run.
var backedTasks = []checkkit.Data[task]{
	{Name: "two passing runs in one reply", Data: task{
		question: "Run the tests until you know.", files: map[string]string{"x.go": "package x\n"}, tests: "ok  x  2 tests passed",
		work: []lab.Message{
			lab.Reply(call("c1", testTool, lab.Args{}), call("c2", testTool, lab.Args{})),
			lab.Say("Both runs pass."),
		},
		attempts: []attempt{valid("c3", "", "x passes.", []any{"x.go"}, true)},
		want:     play.Final{Ending: submitted, Summary: "x passes.", FilesChanged: []string{"x.go"}, TestsPassed: true},
	}},
	{Name: "a read, then a passing run", Data: task{
		question: "Do the auth tests pass?", files: map[string]string{"auth/session.go": "const grace = 0\n"},
		tests: "ok  auth  14 tests passed",
		work: []lab.Message{
			lab.Reply(call("c1", "read", lab.Args{"path": "auth/session.go"})),
			lab.Reply(call("c2", testTool, lab.Args{})),
			lab.Say("They pass."),
		},
		attempts: []attempt{valid("c3", "", "The auth tests pass.", []any{}, true)},
		want:     play.Final{Ending: submitted, Summary: "The auth tests pass.", TestsPassed: true},
	}},
}

func judgeClaimUnprovenInRun(c *checkkit.C, yours, ref checkkit.Observed) {
	eachTask(c, yours, ref, claimTasks, func(t task, got, want play.Ran) {
		if got.Final.Problem == "" {
			c.Errorf("A result that claims the tests passed, with no passing test run in the transcript, should end the run "+
				"as \"unproven\" with a Problem that says what is missing; the Problem is empty and the ending is %q.", got.Final.Ending)
			checkkit.LogConversation(c, "What RunTask returned", got.Messages)
			return
		}
		kept := want.Final
		kept.Problem = got.Final.Problem
		if !sameFinal(c, "An unbacked claim should end the run as \"unproven\", keeping the result's data: the claim is "+
			"reported, not believed.", kept, got.Final) {
			checkkit.LogConversation(c, "What RunTask returned", got.Messages)
			return
		}
		sameMessageNumbers(c, "The Problem (CheckClaim's words)", want.Final.Problem, got.Final.Problem)
	})
}

func judgeClaimBackedInRun(c *checkkit.C, yours, ref checkkit.Observed) {
	eachTask(c, yours, ref, backedTasks, func(t task, got, want play.Ran) {
		if !sameFinal(c, "A claim backed by a passing test run in the transcript should end the run as \"submitted\", "+
			"with no Problem.", want.Final, got.Final) {
			checkkit.LogConversation(c, "What RunTask returned", got.Messages)
		}
	})
}
