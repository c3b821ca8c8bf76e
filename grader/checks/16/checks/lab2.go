package checks

import (
	"errors"
	"fmt"
	"maps"
	"strings"

	"harnesslab/grader/checkkit"
	"harnesslab/lab"
)

// resultsFor returns every toolResult in messages that quotes id.
func resultsFor(messages []lab.Message, id string) []lab.Message {
	var out []lab.Message
	for _, m := range messages {
		if m.Role == lab.RoleToolResult && m.ToolCallID == id {
			out = append(out, m)
		}
	}
	return out
}

// oneResult returns the one result of call id, or stops the check.
func oneResult(c *checkkit.C, messages []lab.Message, id, what string) lab.Message {
	got := resultsFor(messages, id)
	c.Must(len(got) == 1, "The call %s (%s) got %s; every call should get exactly one result.", id, what, checkkit.Plural(len(got), "result"))
	return got[0]
}

// filesOf returns every file of ws, read without logging a read.
func filesOf(ws *lab.Workspace) map[string]string {
	files := map[string]string{}
	for _, path := range ws.Paths() {
		files[path], _ = ws.Peek(path)
	}
	return files
}

// sessionFixesTheTest: at the end of the session the copy holds the fixed
// module, whose go test ./... passes, and Patch's own run says so. What go
// test prints for each module, broken and fixed, was recorded from real runs
// (TestRecordedOutputs runs them again); the check plays those back, so that
// it runs in well under a second on a busy machine.
func sessionFixesTheTest(c *checkkit.C) {
	checkkit.Scenarios(c, stories, func(s story) {
		se := play(c, s, s.script(), patchBudget)
		se.mustHaveCopy(c)
		c.Equal("The session should end with the model's answer:", answered, se.out.Status)
		got := filesOf(se.out.Copy)
		maps.DeleteFunc(got, func(path string, _ string) bool { return strings.HasPrefix(path, "outputs/") })
		if !c.Equal("The copy should hold the module with the model's fix (outputs/ aside), the version whose go test ./... passes:", s.mod.fixed(), got) {
			return
		}
		runs := se.runner.recorded()
		last := len(runs) - 1
		if last < 0 || strings.Join(runs[last].argv, " ") != "go test ./..." || runs[last].ws != se.out.Copy {
			c.Errorf("After the session Patch should run go test ./... in the copy it returns; the runner got %s.", checkkit.Commas(se.runner.commands()))
		}
		if !se.out.TestsPass {
			c.Errorf("go test ./... passes in the copy (exit code %d), and Patch's TestsPass says it does not: set it from that run's exit code.",
				s.mod.exitCode["fixed: go test ./..."])
		}
	})
}

// repoLeftUntouched: the caller's repository is exactly as it was; the
// session worked in its copy, and an edit outside the copy changed nothing.
func repoLeftUntouched(c *checkkit.C) {
	checkkit.Scenarios(c, stories, func(s story) {
		se := play(c, s, s.script(), patchBudget)
		se.mustHaveCopy(c)
		if w := se.repo.Writes(); len(w) > 0 {
			c.Errorf("Patch wrote to the caller's repository (%s): it should copy the repository first and work only in the copy.", checkkit.Commas(w))
		}
		c.Equal("The caller's repository should hold exactly the files it held before:", s.mod.pristine(), filesOf(se.repo))
		if se.out.Copy == se.repo {
			c.Fatalf("Patch's Copy is the caller's repository itself, not a copy.")
		}
		outside := oneResult(c, se.out.Messages, "c4", "edit of ../"+s.mod.bugFile)
		c.Equal("The edit of ../"+s.mod.bugFile+" leaves the copy: it should be refused with an error result:",
			checkkit.ErrorResult("c4", "edit", "Error: path ../"+s.mod.bugFile+" has a .. in it: name a file inside the workspace, without .."), outside)
		want := s.mod.fixed()
		got := filesOf(se.out.Copy)
		maps.DeleteFunc(got, func(path string, _ string) bool { return strings.HasPrefix(path, "outputs/") })
		c.Equal("The copy should hold the repository's files with the one fix (outputs/ aside):", want, got)
	})
}

// everyCallAnswered: every request is one a provider accepts, and every call
// of the session gets exactly one result, refused ones included.
func everyCallAnswered(c *checkkit.C) {
	checkkit.Scenarios(c, stories, func(s story) {
		s.no = secondRun
		se := play(c, s, s.script(), patchBudget)
		if r := se.model.Refusals(); len(r) > 0 {
			c.Errorf("The model refused a request, as a provider would: %s", r[0])
		}
		if problems := lab.Validate(se.out.Messages); len(problems) > 0 {
			c.Errorf("The conversation Patch returned breaks the pairing rules: %s", strings.Join(problems, "; "))
		}
		for id, what := range map[string]string{"c1": "go test", "c2": "search", "c3": "read", "c4": "edit outside the copy",
			"c5": "edit", "c6": "a command off the allow-list", "c7": "a command the person said no to"} {
			if got := resultsFor(se.out.Messages, id); len(got) != 1 {
				c.Errorf("The call %s (%s) got %s; every call should get exactly one result.", id, what, checkkit.Plural(len(got), "result"))
			}
		}
		c.Equal("The session should send 6 requests, the model answering the sixth:", 6, se.model.Asked())
		c.Equal("The conversation should hold the task, 6 replies and 7 results:", 14, len(se.out.Messages))
		requests := se.model.Calls()
		if len(requests) > 0 {
			last := requests[len(requests)-1]
			checkkit.SameMessages(c, "The last request should hold the whole conversation so far, exactly as Patch returned it:",
				last.Messages, se.out.Messages[:min(len(last.Messages), len(se.out.Messages))], 0)
		}
	})
}

// commandsAskedFirst: a person is asked before every command runs, and about
// nothing else; a no means the command never runs.
func commandsAskedFirst(c *checkkit.C) {
	sets := []checkkit.Data[story]{
		{Name: stories[0].Name + ", the person says yes to everything", Data: stories[0].Data},
		{Name: stories[1].Name + ", the person says no to go test -v", Data: stories[1].Data},
	}
	sets[1].Data.no = secondRun
	checkkit.Scenarios(c, sets, func(s story) {
		se := play(c, s, s.script(), patchBudget)
		yes := s.no != secondRun
		want := []Entry{
			{Tool: "run_command", Args: lab.Args{"command": firstRun}, Approved: true},
			{Tool: "run_command", Args: lab.Args{"command": sneaky}, Approved: true},
			{Tool: "run_command", Args: lab.Args{"command": secondRun}, Approved: yes},
		}
		if len(se.person.asked) == 0 {
			c.Errorf("Nobody was asked before run_command ran. run_command runs the module's code: give it the effect class that the policy puts to a person.")
		}
		for _, command := range se.runner.commands() {
			if command == sneaky {
				c.Errorf("your allow-list let %q through to the runner.", sneaky)
			}
		}
		c.Equal("The person should be asked about each run_command call, in order, and about nothing else:", want, se.person.asked)
		for i := range want {
			want[i].Verdict, want[i].Reason = "ask", "run_command is external"
		}
		c.Equal("The policy log should hold each run_command call, put to a person because run_command is external:", want, se.out.Log)
		ran := []string{firstRun}
		if yes {
			ran = append(ran, secondRun)
		}
		ran = append(ran, "go test ./...")
		c.Equal("The runner should get the first go test, the go test -v only if the person said yes, and the final go test ./...:", ran, se.runner.commands())
		if !yes {
			c.Equal("The command the person said no to should get this result:",
				checkkit.ErrorResult("c7", "run_command", notApproved), oneResult(c, se.out.Messages, "c7", "go test -v"))
		}
	})
}

// bigOutputsKept: go test's long outputs reach the model as previews that
// point at an artifact in the copy, which holds the whole output.
func bigOutputsKept(c *checkkit.C) {
	checkkit.Scenarios(c, stories, func(s story) {
		se := play(c, s, s.script(), patchBudget)
		se.mustHaveCopy(c)
		for _, a := range []struct{ id, state, command, path string }{
			{"c1", "broken", firstRun, "outputs/1.log"},
			{"c7", "fixed", secondRun, "outputs/2.log"},
		} {
			whole := fullOutput(s.mod, a.state, a.command)
			kept, ok := se.out.Copy.Peek(a.path)
			if !ok {
				c.Errorf("%s printed %d lines, and the copy holds no %s: a big output should be kept whole as an artifact. The copy holds %s.",
					a.command, strings.Count(whole, "\n"), a.path, checkkit.Commas(se.out.Copy.Paths()))
				continue
			}
			c.Equal(fmt.Sprintf("%s in the copy should hold the whole result of %s:", a.path, a.command), whole, kept)
			got := oneResult(c, se.out.Messages, a.id, a.command)
			lines := strings.SplitAfter(whole, "\n")
			if got.Content == whole || !strings.HasPrefix(got.Content, strings.Join(lines[:10], "")) || !strings.Contains(got.Content, "Full output: "+a.path) {
				c.Errorf("The result of %s (%s) should be a preview: the first lines, a marker that points at %s, the last lines. It holds %d lines.",
					a.command, a.id, a.path, strings.Count(got.Content, "\n"))
			}
		}
	})
}

// billWithinBudget: the whole session costs less than PatchBudget, and Patch
// counts exactly what it sent.
func billWithinBudget(c *checkkit.C) {
	checkkit.Scenarios(c, stories, func(s story) {
		se := play(c, s, s.script(), patchBudget)
		c.Equal("The session fits its budget when big outputs are kept as artifacts: it should end with the model's answer:", answered, se.out.Status)
		bill := se.model.Bill()
		if bill > patchBudget {
			c.Errorf("The session's bill is %d tokens; it should stay within the budget of %d.", bill, patchBudget)
		}
		c.Equal(fmt.Sprintf("Spent should be the sum of the bills of the %s the model received:", checkkit.Plural(se.model.Asked(), "request")), bill, se.out.Spent)
		c.Equal("Steps should count the requests sent:", se.model.Asked(), se.out.Steps)
		for i, r := range se.model.Calls() {
			if r.System != patchSystem {
				c.Errorf("Request %d's system prompt should be PatchSystem, %q; got %q.", i+1, patchSystem, r.System)
				break
			}
		}
	})
}

// budgetCut is where a budget cuts a session: after how many requests.
type budgetCut struct {
	story story
	sent  int  // requests that fit
	exact bool // the budget is exactly the bill of those requests, not one token more than needed
}

// stopsAtBudget: when the next request would take the bill past the budget,
// Patch stops before sending it, counting the whole session.
func stopsAtBudget(c *checkkit.C) {
	sets := []checkkit.Data[budgetCut]{
		{Name: stories[0].Name + ", a budget one token short of the fourth request", Data: budgetCut{story: stories[0].Data, sent: 3}},
		{Name: stories[1].Name + ", a budget of exactly four requests", Data: budgetCut{story: stories[1].Data, sent: 4, exact: true}},
	}
	checkkit.Scenarios(c, sets, func(cut budgetCut) {
		s := cut.story
		probe := play(c, s, s.script(), 1_000_000)
		bills := billOf(probe.model)
		c.Must(len(bills) == 6, "With a budget of a million tokens the session should send 6 requests; it sent %d.", len(bills))
		budget := sum(bills[:cut.sent+1]) - 1
		if cut.exact {
			budget = sum(bills[:cut.sent])
		}
		se := play(c, s, s.script(), budget)
		c.Equal(fmt.Sprintf("With a budget of %d tokens (the requests cost %s), Patch should send %d requests and stop:",
			budget, fmt.Sprint(bills), cut.sent), cut.sent, se.model.Asked())
		c.Equal("The run should end over budget:", overBudget, se.out.Status)
		c.Equal("Spent should be the bill of the requests sent:", sum(bills[:cut.sent]), se.out.Spent)
		checkkit.SameMessages(c, "Patch should return the conversation as it stood when it stopped: the task, and every reply with its results:",
			probe.model.Calls()[cut.sent].Messages, se.out.Messages, 0)
		if problems := lab.Validate(se.out.Messages); len(problems) > 0 {
			c.Errorf("Even when it stops over budget, every call should have its result: %s", strings.Join(problems, "; "))
		}
		// The edit landed before the budget ran out: Patch's own run finds the fix.
		c.Equal("The runner should get the model's first go test, then Patch's own go test ./..., which runs however the session ended:",
			[]string{firstRun, "go test ./..."}, se.runner.commands())
		runs := se.runner.recorded()
		if len(runs) > 0 && runs[len(runs)-1].ws != se.out.Copy {
			c.Errorf("Patch ran its last go test ./... in another workspace than the copy it returned.")
		}
		if passes := s.mod.exitCode["fixed: go test ./..."] == 0; se.out.TestsPass != passes {
			c.Errorf("The edit landed before the budget ran out, and go test ./... in the copy exits with %d: TestsPass should be %v, got %v. Run your go test ./... after the session however it ended, and set TestsPass from that run.",
				s.mod.exitCode["fixed: go test ./..."], passes, se.out.TestsPass)
		}
	})
}

// claim is one data set of claimsChecked: the session, and the error a
// runner that cannot run Patch's own go test ./... gives.
type claim struct {
	story   story
	failure string
}

// claimsChecked: a model that says the tests pass is not believed: Patch
// runs go test ./... itself after the session, once; and a run the runner
// could not make is not a pass.
func claimsChecked(c *checkkit.C) {
	sets := []checkkit.Data[claim]{
		{Name: stories[0].Name + ", then a go test ./... that takes too long", Data: claim{story: stories[0].Data,
			failure: "go test ./... took longer than 1m0s and was stopped"}},
		{Name: stories[1].Name + ", then a runner that cannot start go", Data: claim{story: stories[1].Data,
			failure: "run go test ./...: fork/exec /usr/local/go/bin/go: no such file or directory"}},
	}
	checkkit.Scenarios(c, sets, func(cl claim) {
		s := cl.story
		steps := []lab.Step{
			lab.Reply(lab.Call("read", lab.Args{"path": s.mod.bugFile})),
			lab.Say(fmt.Sprintf("I fixed %s. All tests pass now.", s.mod.bugFile)),
		}
		se := play(c, s, steps, patchBudget)
		c.Equal("The session should end with the model's answer:", answered, se.out.Status)
		c.Equal("Text should be the model's last words:", fmt.Sprintf("I fixed %s. All tests pass now.", s.mod.bugFile), se.out.Text)
		c.Equal("After the model's last reply, Patch should run go test ./... itself, once:", []string{"go test ./..."}, se.runner.commands())
		if runs := se.runner.recorded(); len(runs) == 1 && runs[0].ws != se.out.Copy {
			c.Errorf("Patch ran its go test ./... in another workspace than the copy it returned.")
		}
		if se.out.TestsPass {
			c.Errorf("The model said the tests pass, but it changed nothing and go test ./... fails: TestsPass should be false. Believe your own run, not the model's words.")
		}

		// The same session, fixed this time, with a runner that cannot run
		// Patch's go test ./... at all: it answers as lab.GoCommands does.
		fixing := []lab.Step{
			lab.Reply(lab.Call("read", lab.Args{"path": s.mod.bugFile})),
			lab.Reply(lab.Call("edit", lab.Args{"path": s.mod.bugFile, "old_text": s.mod.bug, "new_text": s.mod.fix})),
			lab.Say(fmt.Sprintf("I fixed %s. All tests pass now.", s.mod.bugFile)),
		}
		broken := &recorder{reply: func(*lab.Workspace, []string) (lab.CommandOutput, error) {
			return lab.CommandOutput{}, errors.New(cl.failure)
		}}
		failed := playWith(c, s, fixing, patchBudget, broken)
		c.Equal("After the model's last reply, Patch should run go test ./... itself, once:", []string{"go test ./..."}, failed.runner.commands())
		if failed.out.TestsPass {
			c.Errorf("The runner could not run Patch's go test ./... (it said %q), so no test ran, and TestsPass is true. TestsPass should be false: check the runner's error before you read the exit code.", cl.failure)
		}
	})
}
