package checks

import (
	"fmt"
	"slices"
	"strings"

	"harnesslab/grader/checkkit"
	"harnesslab/grader/checks/16/play"
	"harnesslab/lab"
)

// Lab 2: the whole agent. Each session hands the student's Patch a scripted
// model, the repository of a module, a runner that plays back what go
// printed for it, and a person; the judge compares what Patch did with the
// reference's session and with the lesson's rules.

// storyOf returns the story a session of sets was made from, by its index.
func storyOf(k int) story { return stories[k%len(stories)].Data }

// judgeStories judges the sessions of sets, each with the story it came
// from.
func judgeStories(c *checkkit.C, yours, ref checkkit.Observed, sets []checkkit.Data[play.Session], judge func(st story, s play.Session, got, want play.Ran)) {
	k := -1
	eachSession(c, yours, ref, sets, func(s play.Session, got, want play.Ran) {
		k++
		judge(storyOf(k), s, got, want)
	})
}

func judgeSessionFixesTheTest(c *checkkit.C, yours, ref checkkit.Observed) {
	judgeStories(c, yours, ref, storySessions(), func(st story, s play.Session, got, want play.Ran) {
		kitAgrees(c, "copy", st.mod.fixed(), withoutOutputs(want.Copy))
		mustHaveCopy(c, got)
		c.Equal("The session should end with the model's answer:", answered, got.Status)
		if !c.Equal("The copy should hold the module with the model's fix (outputs/ aside), the version whose go test ./... passes:", st.mod.fixed(), withoutOutputs(got.Copy)) {
			return
		}
		last := len(got.Runner) - 1
		if last < 0 || strings.Join(got.Runner[last].Words, " ") != "go test ./..." || !got.Runner[last].InCopy {
			c.Errorf("After the session Patch should run go test ./... in the copy it returns; the runner got %s.", checkkit.Commas(commands(got.Runner)))
		}
		if !got.TestsPass {
			c.Errorf("go test ./... passes in the copy (exit code %d), and Patch's TestsPass says it does not: set it from that run's exit code.",
				st.mod.exitCode["fixed: go test ./..."])
		}
	})
}

func judgeRepoLeftUntouched(c *checkkit.C, yours, ref checkkit.Observed) {
	judgeStories(c, yours, ref, storySessions(), func(st story, s play.Session, got, want play.Ran) {
		refused := checkkit.ErrorResult("c4", "edit", "Error: path ../"+st.mod.bugFile+" has a .. in it: name a file inside the workspace, without ..")
		kitAgrees(c, "refusal of the edit outside the copy", []lab.Message{refused}, resultsFor(want.Messages, "c4"))
		mustHaveCopy(c, got)
		if len(got.RepoWrites) > 0 {
			c.Errorf("Patch wrote to the caller's repository (%s): it should copy the repository first and work only in the copy.", checkkit.Commas(got.RepoWrites))
		}
		c.Equal("The caller's repository should hold exactly the files it held before:", st.mod.pristine(), got.Repo)
		if got.CopyIsRepo {
			c.Fatalf("Patch's Copy is the caller's repository itself, not a copy.")
		}
		outside := oneResult(c, got.Messages, "c4", "edit of ../"+st.mod.bugFile)
		c.Equal("The edit of ../"+st.mod.bugFile+" leaves the copy: it should be refused with an error result:", refused, outside)
		c.Equal("The copy should hold the repository's files with the one fix (outputs/ aside):", st.mod.fixed(), withoutOutputs(got.Copy))
	})
}

func judgeEveryCallAnswered(c *checkkit.C, yours, ref checkkit.Observed) {
	judgeStories(c, yours, ref, refusedSessions(), func(st story, s play.Session, got, want play.Ran) {
		kitAgrees(c, "count of requests and messages", []int{6, 14}, []int{want.Asked, len(want.Messages)})
		if len(got.Refusals) > 0 {
			c.Errorf("The model refused a request, as a provider would: %s", got.Refusals[0])
		}
		if problems := lab.Validate(got.Messages); len(problems) > 0 {
			c.Errorf("The conversation Patch returned breaks the pairing rules: %s", strings.Join(problems, "; "))
		}
		for _, call := range []struct{ id, what string }{{"c1", "go test"}, {"c2", "search"}, {"c3", "read"}, {"c4", "edit outside the copy"},
			{"c5", "edit"}, {"c6", "a command off the allow-list"}, {"c7", "a command the person said no to"}} {
			if n := len(resultsFor(got.Messages, call.id)); n != 1 {
				c.Errorf("The call %s (%s) got %s; every call should get exactly one result.", call.id, call.what, checkkit.Plural(n, "result"))
			}
		}
		c.Equal("The session should send 6 requests, the model answering the sixth:", 6, got.Asked)
		c.Equal("The conversation should hold the task, 6 replies and 7 results:", 14, len(got.Messages))
		if len(got.Requests) > 0 {
			last := got.Requests[len(got.Requests)-1]
			checkkit.SameMessages(c, "The last request should hold the whole conversation so far, exactly as Patch returned it:",
				last.Messages, got.Messages[:min(len(last.Messages), len(got.Messages))], 0)
		}
	})
}

func judgeCommandsAskedFirst(c *checkkit.C, yours, ref checkkit.Observed) {
	judgeStories(c, yours, ref, askSessions(), func(st story, s play.Session, got, want play.Ran) {
		yes := s.No != secondRun
		asked := []play.Entry{
			{Tool: "run_command", Args: lab.Args{"command": firstRun}, Approved: true},
			{Tool: "run_command", Args: lab.Args{"command": sneaky}, Approved: true},
			{Tool: "run_command", Args: lab.Args{"command": secondRun}, Approved: yes},
		}
		logged := make([]play.Entry, len(asked))
		for i, e := range asked {
			e.Verdict, e.Reason = "ask", "run_command is external"
			logged[i] = e
		}
		ran := []string{firstRun}
		if yes {
			ran = append(ran, secondRun)
		}
		ran = append(ran, "go test ./...")
		kitAgrees(c, "questions to the person", asked, want.Person)
		kitAgrees(c, "policy log", logged, want.Log)
		kitAgrees(c, "commands", ran, commands(want.Runner))
		if len(got.Person) == 0 {
			c.Errorf("Nobody was asked before run_command ran. run_command runs the module's code: give it the effect class that the policy puts to a person.")
		}
		for _, command := range commands(got.Runner) {
			if command == sneaky {
				c.Errorf("your allow-list let %q through to the runner.", sneaky)
			}
		}
		c.Equal("The person should be asked about each run_command call, in order, and about nothing else:", asked, got.Person)
		c.Equal("The policy log should hold each run_command call, put to a person because run_command is external:", logged, got.Log)
		c.Equal("The runner should get the first go test, the go test -v only if the person said yes, and the final go test ./...:", ran, commands(got.Runner))
		if !yes {
			c.Equal("The command the person said no to should get this result:",
				checkkit.ErrorResult("c7", "run_command", notApproved), oneResult(c, got.Messages, "c7", "go test -v"))
		}
	})
}

func judgeBigOutputsKept(c *checkkit.C, yours, ref checkkit.Observed) {
	judgeStories(c, yours, ref, storySessions(), func(st story, s play.Session, got, want play.Ran) {
		mustHaveCopy(c, got)
		for _, a := range []struct{ id, state, command, path string }{
			{"c1", "broken", firstRun, "outputs/1.log"},
			{"c7", "fixed", secondRun, "outputs/2.log"},
		} {
			whole := fullOutput(st.mod, a.state, a.command)
			kitAgrees(c, a.path, whole, want.Copy[a.path])
			kept, ok := got.Copy[a.path]
			if !ok {
				c.Errorf("%s printed %d lines, and the copy holds no %s: a big output should be kept whole as an artifact. The copy holds %s.",
					a.command, strings.Count(whole, "\n"), a.path, checkkit.Commas(paths(got.Copy)))
				continue
			}
			c.Equal(fmt.Sprintf("%s in the copy should hold the whole result of %s:", a.path, a.command), whole, kept)
			result := oneResult(c, got.Messages, a.id, a.command)
			lines := strings.SplitAfter(whole, "\n")
			if result.Content == whole || !strings.HasPrefix(result.Content, strings.Join(lines[:10], "")) || !strings.Contains(result.Content, "Full output: "+a.path) {
				c.Errorf("The result of %s (%s) should be a preview: the first lines, a marker that points at %s, the last lines. It holds %d lines.",
					a.command, a.id, a.path, strings.Count(result.Content, "\n"))
			}
		}
	})
}

func judgeBillWithinBudget(c *checkkit.C, yours, ref checkkit.Observed) {
	judgeStories(c, yours, ref, storySessions(), func(st story, s play.Session, got, want play.Ran) {
		kitAgrees(c, "status", answered, want.Status)
		c.Equal("The session fits its budget when big outputs are kept as artifacts: it should end with the model's answer:", answered, got.Status)
		bill := sum(got.Bills)
		if bill > patchBudget {
			c.Errorf("The session's bill is %d tokens; it should stay within the budget of %d.", bill, patchBudget)
		}
		c.Equal(fmt.Sprintf("Spent should be the sum of the bills of the %s the model received:", checkkit.Plural(got.Asked, "request")), bill, got.Spent)
		c.Equal("Steps should count the requests sent:", got.Asked, got.Steps)
		for i, r := range got.Requests {
			if r.System != patchSystem {
				c.Errorf("Request %d's system prompt should be PatchSystem, %q; got %q.", i+1, patchSystem, r.System)
				break
			}
		}
	})
}

// cutSessions are the fixing sessions with budgets that cut them: one token
// short of the fourth request, and exactly the bill of four requests.
func cutSessions() []checkkit.Data[play.Session] {
	out := storySessions()
	out[0].Name += ", a budget one token short of the fourth request"
	out[0].Data.Cut = &play.Cut{Sent: 3}
	out[1].Name += ", a budget of exactly four requests"
	out[1].Data.Cut = &play.Cut{Sent: 4, Exact: true}
	return out
}

func judgeStopsAtBudget(c *checkkit.C, yours, ref checkkit.Observed) {
	judgeStories(c, yours, ref, cutSessions(), func(st story, s play.Session, got, want play.Ran) {
		sent := s.Cut.Sent
		kitAgrees(c, "requests sent and status", []any{sent, overBudget}, []any{want.Asked, want.Status})
		c.Must(len(got.Probe) == 6, "With a budget of a million tokens the session should send 6 requests; it sent %d.", len(got.Probe))
		c.Equal(fmt.Sprintf("With a budget of %d tokens (the requests cost %s), Patch should send %d requests and stop:",
			got.Budget, fmt.Sprint(got.Probe), sent), sent, got.Asked)
		c.Equal("The run should end over budget:", overBudget, got.Status)
		c.Equal("Spent should be the bill of the requests sent:", sum(got.Probe[:sent]), got.Spent)
		checkkit.SameMessages(c, "Patch should return the conversation as it stood when it stopped: the task, and every reply with its results:",
			got.CutOff, got.Messages, 0)
		if problems := lab.Validate(got.Messages); len(problems) > 0 {
			c.Errorf("Even when it stops over budget, every call should have its result: %s", strings.Join(problems, "; "))
		}
		// The edit landed before the budget ran out: Patch's own run finds the fix.
		c.Equal("The runner should get the model's first go test, then Patch's own go test ./..., which runs however the session ended:",
			[]string{firstRun, "go test ./..."}, commands(got.Runner))
		if n := len(got.Runner); n > 0 && !got.Runner[n-1].InCopy {
			c.Errorf("Patch ran its last go test ./... in another workspace than the copy it returned.")
		}
		if passes := st.mod.exitCode["fixed: go test ./..."] == 0; got.TestsPass != passes {
			c.Errorf("The edit landed before the budget ran out, and go test ./... in the copy exits with %d: TestsPass should be %v, got %v. Run your go test ./... after the session however it ended, and set TestsPass from that run.",
				st.mod.exitCode["fixed: go test ./..."], passes, got.TestsPass)
		}
	})
}

// claimSessions are two sessions per story: a model that changes nothing
// and says the tests pass; then one that fixes the bug, with a runner that
// cannot run Patch's own go test ./... at all (it answers as lab.GoCommands
// does when go takes too long, or is missing).
func claimSessions() []checkkit.Data[[]play.Session] {
	failures := []string{"go test ./... took longer than 1m0s and was stopped",
		"run go test ./...: fork/exec /usr/local/go/bin/go: no such file or directory"}
	names := []string{", then a go test ./... that takes too long", ", then a runner that cannot start go"}
	out := make([]checkkit.Data[[]play.Session], len(stories))
	for k, st := range stories {
		s, m := st.Data, st.Data.mod
		words := fmt.Sprintf("I fixed %s. All tests pass now.", m.bugFile)
		claims := s.session("Patch: the model claims a fix it never made", []lab.Message{
			lab.Reply(lab.Call("read", lab.Args{"path": m.bugFile})),
			lab.Say(words),
		}, patchBudget)
		fixes := s.session("Patch: the model fixes the bug, and the runner cannot run go", []lab.Message{
			lab.Reply(lab.Call("read", lab.Args{"path": m.bugFile})),
			lab.Reply(lab.Call("edit", lab.Args{"path": m.bugFile, "old_text": m.bug, "new_text": m.fix})),
			lab.Say(words),
		}, patchBudget)
		fixes.FailFrom, fixes.Fails = 1, failures[k]
		out[k] = checkkit.Data[[]play.Session]{Name: st.Name + names[k], Data: []play.Session{claims, fixes}}
	}
	return out
}

func judgeClaimsChecked(c *checkkit.C, yours, ref checkkit.Observed) {
	checkkit.EachScenario(c, claimSessions(), func(k int, pair []play.Session) {
		m := storyOf(k).mod
		got := checkkit.Get[play.Ran](c, yours, play.SessionKey(k, 0))
		want := checkkit.Get[play.Ran](c, ref, play.SessionKey(k, 0))
		referencePlays(c, pair[0].What, want)
		kitAgrees(c, "TestsPass after a claim", false, want.TestsPass)
		checkkit.LogConversation(c, "The session", got.Messages)
		logRefusals(c, got)
		c.Equal("The session should end with the model's answer:", answered, got.Status)
		c.Equal("Text should be the model's last words:", fmt.Sprintf("I fixed %s. All tests pass now.", m.bugFile), got.Text)
		c.Equal("After the model's last reply, Patch should run go test ./... itself, once:", []string{"go test ./..."}, commands(got.Runner))
		if len(got.Runner) == 1 && !got.Runner[0].InCopy {
			c.Errorf("Patch ran its go test ./... in another workspace than the copy it returned.")
		}
		if got.TestsPass {
			c.Errorf("The model said the tests pass, but it changed nothing and go test ./... fails: TestsPass should be false. Believe your own run, not the model's words.")
		}

		failed := checkkit.Get[play.Ran](c, yours, play.SessionKey(k, 1))
		kitAgrees(c, "TestsPass when go could not run", false, checkkit.Get[play.Ran](c, ref, play.SessionKey(k, 1)).TestsPass)
		c.Equal("After the model's last reply, Patch should run go test ./... itself, once:", []string{"go test ./..."}, commands(failed.Runner))
		if failed.TestsPass {
			c.Errorf("The runner could not run Patch's go test ./... (it said %q), so no test ran, and TestsPass is true. TestsPass should be false: check the runner's error before you read the exit code.", pair[1].Fails)
		}
	})
}

// paths returns the paths of files, sorted.
func paths(files map[string]string) []string {
	out := make([]string, 0, len(files))
	for path := range files {
		out = append(out, path)
	}
	slices.Sort(out)
	return out
}
