package checks

import (
	"fmt"
	"slices"

	"pgregory.net/rapid"

	"harnesslab/grader/checkkit"
	"harnesslab/grader/checks/13/play"
	"harnesslab/lab"
)

// genResult draws one call and its result for a generated transcript: the
// test tool passing or failing (whatever its words say), an edit that
// worked or failed, a read whose file talks about tests, or a tool whose
// name only looks like the test tool's or the edit tool's.
func genResult(t *rapid.T, id string) (lab.Block, lab.Message) {
	kind := rapid.IntRange(0, 9).Draw(t, "kind")
	name, args, content, fail := testTool, lab.Args{}, "", false
	switch kind {
	case 0, 1:
		content = rapid.SampledFrom([]string{"ok  auth  14 tests passed", "", "  ", "FAIL? no: all passed ✓", "FAIL auth"}).Draw(t, "pass words")
	case 2, 3:
		content, fail = rapid.SampledFrom([]string{"Error: FAIL auth: 1 of 14 tests failed", "Error: ok", "Error: échec"}).Draw(t, "fail words"), true
	case 4, 5:
		name, args, content = editTool, lab.Args{"path": "a.go", "old_text": "10", "new_text": "0"}, "Edited a.go."
	case 6:
		name, args, content, fail = editTool, lab.Args{"path": "a.go", "old_text": "11", "new_text": "0"}, "Error: old_text not found in a.go", true
	case 7:
		name, args, content = "read", lab.Args{"path": "report.txt"}, "ok  auth  14 tests passed\n"
	default:
		name = rapid.SampledFrom([]string{"RUN_TESTS", "Run_Tests", "run_tests_fast", "Edit", "edit_file"}).Draw(t, "look-alike")
		content, fail = "done", rapid.Bool().Draw(t, "look-alike fails")
	}
	result := checkkit.Result(id, name, content)
	result.IsError = fail
	return lab.Call(name, args).WithID(id), result
}

// claimGen generates a transcript for CheckClaim: up to 12 replies of one to
// three calls each, every call answered in order, with the model's and the
// user's words between them (some saying the tests passed). One in six is
// only the end of a transcript, from some message on, as a list cut short
// (a compacted history) starts: its first message may be the test run.
var claimGen = rapid.Custom(func(t *rapid.T) play.Claim {
	messages := []lab.Message{lab.User("Fix it and run the tests.")}
	id := 0
	for range rapid.IntRange(0, 12).Draw(t, "steps") {
		switch rapid.IntRange(0, 5).Draw(t, "step") {
		case 0:
			messages = append(messages, lab.Say(rapid.SampledFrom([]string{"The tests passed.", "Let me check.", "Réussi ✓"}).Draw(t, "says")))
		case 1:
			messages = append(messages, lab.User(rapid.SampledFrom([]string{"The tests passed, trust me.", "Go on."}).Draw(t, "tells")))
		default:
			var calls []lab.Block
			var results []lab.Message
			for range rapid.IntRange(1, 3).Draw(t, "calls") {
				id++
				b, r := genResult(t, fmt.Sprintf("c%d", id))
				calls, results = append(calls, b), append(results, r)
			}
			messages = append(messages, lab.Reply(calls...))
			messages = append(messages, results...)
		}
	}
	what := fmt.Sprintf("a transcript of %s", checkkit.Plural(len(messages), "message"))
	if len(messages) > 1 && rapid.IntRange(0, 5).Draw(t, "cut") == 0 {
		from := rapid.IntRange(1, len(messages)-1).Draw(t, "from")
		messages = messages[from:]
		what = fmt.Sprintf("the end of a transcript, from its message %d (a %s) on, %s", from+1, messages[0].Role, checkkit.Plural(len(messages), "message"))
	}
	return play.Claim{What: what, Messages: messages}
})

// generatedClaims is two data sets of generated transcripts.
func generatedClaims() any {
	var all []play.Claim
	for seed := range generatedClaimCount {
		all = append(all, claimGen.Example(seed))
	}
	slices.SortStableFunc(all, func(a, b play.Claim) int { return len(a.Messages) - len(b.Messages) })
	for i := range all {
		all[i].What = fmt.Sprintf("generated transcript %d, %s", i+1, all[i].What)
	}
	return checkkit.Generated(all, "transcripts")
}

// judgeClaimsAgree compares CheckClaim's verdict on each generated
// transcript with the reference's, which must follow the lesson's rules.
func judgeClaimsAgree(c *checkkit.C, yours, ref checkkit.Observed) {
	checkkit.EachScenario(c, checkkit.Scenario[[]checkkit.Data[[]play.Claim]](c), func(k int, claims []play.Claim) {
		for i, cl := range claims {
			want := checkkit.Get[play.Claimed](c, ref, play.ClaimKey(k, i))
			if rule := backs(cl.Messages); (want.Error == nil) != rule {
				c.KitFatalf("the reference's CheckClaim returned %v for %s", errWords(want), cl.What)
			}
			if !sameClaim(c, "for "+cl.What, cl.Messages, checkkit.Get[play.Claimed](c, yours, play.ClaimKey(k, i)), want) {
				return
			}
		}
	})
}

// backs is the lesson's rule, as the kit reads it: the last result of the
// test tool passed, and no result of the edit tool that worked comes after
// it. It checks the reference, never the student.
func backs(messages []lab.Message) bool {
	passed := false
	for _, m := range messages {
		switch {
		case m.Role != lab.RoleToolResult:
		case m.ToolName == testTool:
			passed = !m.IsError
		case m.ToolName == editTool && !m.IsError:
			passed = false
		}
	}
	return passed
}
