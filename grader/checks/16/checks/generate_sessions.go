package checks

import (
	"fmt"
	"slices"
	"strings"

	"pgregory.net/rapid"

	"harnesslab/grader/checkkit"
	"harnesslab/grader/checks/16/play"
	"harnesslab/lab"
)

// genCommands are the commands a generated session's model runs: allowed,
// off the list, and lookalikes.
var genCommands = []string{"go test ./...", "go test ./...", "go test -v ./...", "go vet ./...", "go test",
	"go test ./... && rm -rf /", "go testx", "go vet -v ./...", "go  test\t./..."}

// genCall draws one call of a generated session over module m, of story s.
// big says whether a read that may be big (an artifact) was drawn already in
// this reply: two big reads side by side would take their artifacts in
// either order, so a reply holds at most one.
func genCall(t *rapid.T, s story, big *bool) lab.Block {
	m := s.mod
	test := testFile(m)
	kinds := []string{"run_command", "run_command", "search", "read", "read", "read_lines", "edit", "edit", "deploy"}
	switch kind := rapid.SampledFrom(kinds).Draw(t, "tool"); kind {
	case "run_command":
		return lab.Call(kind, lab.Args{"command": rapid.SampledFrom(genCommands).Draw(t, "command")})
	case "search":
		return lab.Call(kind, lab.Args{"query": rapid.SampledFrom([]string{s.query, "func ", "package", "nothing like this"}).Draw(t, "query")})
	case "read":
		paths := []string{m.bugFile, m.bugFile, test, "go.mod", "missing.go", "../" + m.bugFile}
		if !*big {
			paths = append(paths, "outputs/1.log", "outputs/2.log")
		}
		path := rapid.SampledFrom(paths).Draw(t, "path")
		*big = *big || strings.HasPrefix(path, "outputs/")
		return lab.Call(kind, lab.Args{"path": path})
	case "read_lines":
		path := m.bugFile
		if !*big && rapid.Bool().Draw(t, "artifact") {
			path, *big = "outputs/1.log", true
		}
		return lab.Call(kind, lab.Args{"path": path, "offset": float64(rapid.IntRange(0, 30).Draw(t, "offset")),
			"limit": float64(rapid.SampledFrom([]int{1, 5, 25, 50}).Draw(t, "limit"))})
	case "edit":
		return rapid.SampledFrom([]lab.Block{
			lab.Call(kind, lab.Args{"path": m.bugFile, "old_text": m.bug, "new_text": m.fix}),
			lab.Call(kind, lab.Args{"path": m.bugFile, "old_text": m.bug, "new_text": m.fix}),
			lab.Call(kind, lab.Args{"path": m.bugFile, "old_text": "nothing like this", "new_text": "x"}),
			lab.Call(kind, lab.Args{"path": "../" + m.bugFile, "old_text": m.bug, "new_text": m.fix}),
			lab.Call(kind, lab.Args{"path": test, "old_text": "package", "new_text": "package"}),
		}).Draw(t, "edit")
	default:
		return lab.Call(kind, lab.Args{"target": "prod"})
	}
}

// testFile returns the path of the test file of m.
func testFile(m module) string { return strings.TrimSuffix(m.bugFile, ".go") + "_test.go" }

// sessionGen draws a session: either module, up to 10 replies of work (past
// MaxSteps, 8) of one to four calls each, then the answer; a person who says
// no to one command or to none; a budget from tight to a million tokens; and
// now and then a runner that stops working part way.
var sessionGen = rapid.Custom(func(t *rapid.T) play.Session {
	st := stories[rapid.IntRange(0, len(stories)-1).Draw(t, "module")].Data
	var replies []lab.Message
	for range rapid.IntRange(0, 10).Draw(t, "work") {
		var blocks []lab.Block
		if rapid.IntRange(0, 3).Draw(t, "words first") == 0 {
			blocks = append(blocks, lab.Text("Let me look."))
		}
		big := false
		for range rapid.IntRange(1, 4).Draw(t, "calls") {
			blocks = append(blocks, genCall(t, st, &big))
		}
		replies = append(replies, lab.Reply(blocks...))
	}
	replies = append(replies, lab.Say(rapid.SampledFrom([]string{"Fixed, and the tests pass.", "I could not fix it.", ""}).Draw(t, "answer")),
		lab.Say("A reply nobody should ask for."))
	s := st.session("", replies, rapid.SampledFrom([]int{patchBudget, patchBudget, 1_000_000, 2500, 4000}).Draw(t, "budget"))
	if rapid.IntRange(0, 2).Draw(t, "no") == 0 {
		s.No = rapid.SampledFrom(genCommands[:5]).Draw(t, "no to")
	}
	if rapid.IntRange(0, 5).Draw(t, "runner fails") == 0 {
		s.FailFrom, s.Fails = rapid.IntRange(1, 4).Draw(t, "fail from"), "go test ./... took longer than 1m0s and was stopped"
	}
	return s
})

// sessionSize is how big a generated session is: its calls.
func sessionSize(s play.Session) int {
	n := 0
	for _, r := range s.Replies {
		n += len(r.Blocks)
	}
	return n
}

// generatedSessions is two data sets of generated Patch sessions.
func generatedSessions() any {
	all := make([]play.Session, generatedSessionCount)
	for seed := range all {
		all[seed] = sessionGen.Example(seed)
	}
	slices.SortStableFunc(all, func(a, b play.Session) int { return sessionSize(a) - sessionSize(b) })
	for i := range all {
		all[i].What = fmt.Sprintf("Generated session %d (%s)", i+1, describeSession(all[i]))
	}
	return checkkit.Generated(all, "sessions")
}

// describeSession says in words what makes a generated session what it is.
func describeSession(s play.Session) string {
	parts := []string{"the " + strings.TrimSuffix(s.Module.BugFile, ".go") + " module",
		checkkit.Plural(len(s.Replies)-2, "reply") + " of work", fmt.Sprintf("a budget of %d tokens", s.Budget)}
	if len(s.Replies)-2 > maxSteps {
		parts = append(parts, "past MaxSteps")
	}
	if s.No != "" {
		parts = append(parts, fmt.Sprintf("the person says no to %q", s.No))
	}
	if s.FailFrom > 0 {
		parts = append(parts, fmt.Sprintf("the runner fails from command %d on", s.FailFrom))
	}
	return strings.Join(parts, ", ")
}

// judgePatchAgrees compares each generated session with the reference's:
// the requests, the conversation, how it ended and what it cost, the
// questions to the person and the policy log, the commands that reached the
// runner, and the files of the copy and the repository afterwards.
func judgePatchAgrees(c *checkkit.C, yours, ref checkkit.Observed) {
	checkkit.EachScenario(c, checkkit.Scenario[[]checkkit.Data[[]play.Session]](c), func(k int, all []play.Session) {
		for i, s := range all {
			got := checkkit.Get[play.Ran](c, yours, play.SessionKey(k, i))
			want := checkkit.Get[play.Ran](c, ref, play.SessionKey(k, i))
			referencePlays(c, s.What, want)
			logRefusals(c, got)
			if agreeSession(c, s, got, want); c.Failed() {
				checkkit.LogConversation(c, "What Patch returned", got.Messages)
				return
			}
		}
	})
}

// ending is how a session ended and what it cost, as Patch says.
type ending struct {
	Status    string
	Text      string
	Steps     int
	Spent     int
	TestsPass bool
}

// agreeSession compares one generated session, and stops at the first
// difference.
func agreeSession(c *checkkit.C, s play.Session, got, want play.Ran) {
	what := s.What
	if !sessionRules(c, what, got) {
		return
	}
	for r := range min(len(got.Requests), len(want.Requests)) {
		if !c.Equal(fmt.Sprintf("%s: request %d should be what a correct Patch sends", what, r+1), want.Requests[r], got.Requests[r], checkkit.AsSent...) {
			checkkit.LogConversation(c, fmt.Sprintf("The messages of request %d", r+1), got.Requests[r].Messages)
			return
		}
	}
	if got.Asked != want.Asked {
		c.Errorf("%s: Patch should ask the model %s, and end %s (bills %v, %d in all); it asked %s, and ended %s (bills %v).",
			what, checkkit.Times(want.Asked), want.Status, want.Bills, sum(want.Bills), checkkit.Times(got.Asked), got.Status, got.Bills)
		return
	}
	if !checkkit.SameMessages(c, what+": Patch should return the whole conversation, every call answered", want.Messages, got.Messages, 0) {
		return
	}
	if !c.Equal(what+": how the session ended, what it cost and what Patch's own go test ./... found",
		ending{want.Status, want.Text, want.Steps, want.Spent, want.TestsPass}, ending{got.Status, got.Text, got.Steps, got.Spent, got.TestsPass}) {
		return
	}
	if !c.Equal(what+": the person should be asked about each run_command call, in order, and about nothing else", want.Person, got.Person) ||
		!c.Equal(what+": the policy log", want.Log, got.Log) {
		return
	}
	if !c.Equal(what+": the commands that reached the runner, in order, each with where it ran", want.Runner, got.Runner) {
		return
	}
	c.Equal(what+": the files of the copy afterwards", want.Copy, got.Copy)
	c.Equal(what+": the caller's repository afterwards", want.Repo, got.Repo)
}

// sessionRules checks what holds of every session whatever the model did:
// the repository is never written, every call gets exactly one result, no
// more commands of the model reach the runner than the person was asked
// about, and Patch's own go test ./... runs last, in the copy. It reports
// the first rule broken.
func sessionRules(c *checkkit.C, what string, got play.Ran) bool {
	if len(got.RepoWrites) > 0 || got.CopyIsRepo || !got.HasCopy {
		c.Errorf("%s: Patch should work in a copy of the repository and never write to the caller's; it wrote %s.", what, checkkit.Commas(got.RepoWrites))
		return false
	}
	if problems := lab.Validate(got.Messages); len(problems) > 0 {
		c.Errorf("%s: every call should get exactly one result, and the conversation Patch returned breaks the pairing rules: %s", what, strings.Join(problems, "; "))
		return false
	}
	n := len(got.Runner)
	if n == 0 || strings.Join(got.Runner[n-1].Words, " ") != "go test ./..." || !got.Runner[n-1].InCopy {
		c.Errorf("%s: after the session, however it ended, Patch should run go test ./... in the copy it returns, as the last command; the runner got %s.",
			what, checkkit.Commas(commands(got.Runner)))
		return false
	}
	if n-1 > len(got.Person) {
		c.Errorf("%s: %s of the model reached the runner, and the person was asked %s: every command should be put to a person first.",
			what, checkkit.Plural(n-1, "command"), checkkit.Times(len(got.Person)))
		return false
	}
	return true
}
