package checks

import (
	"fmt"
	"sync"

	"harnesslab/grader/checkkit"
	"harnesslab/lab"
)

// story is one data set of the fixing session: the module, what the model
// searches for, and the task it is given.
type story struct {
	mod   module
	query string // what the model searches for
	task  string
	no    string // a command the person says no to, if any
}

// stories are the two sessions every lab 2 check runs, one after the other.
var stories = []checkkit.Data[story]{
	{Name: "the wordcount module", Data: story{mod: wordcount, query: "strings.Split",
		task: "go test fails in the wordcount module. Fix it."}},
	{Name: "the temps module", Data: story{mod: temps, query: "- 32",
		task: "TestFahrenheit fails. Find the bug and fix it; the tests must pass."}},
}

// person is the checks' ask function: it writes down every question and says
// yes to every command but one.
type person struct {
	mu    sync.Mutex
	no    string
	asked []Entry
}

// ask answers one question.
func (p *person) ask(tool string, args lab.Args) bool {
	p.mu.Lock()
	defer p.mu.Unlock()
	command, _ := args["command"].(string)
	yes := p.no == "" || command != p.no
	p.asked = append(p.asked, Entry{Tool: tool, Args: lab.CloneArgs(args), Approved: yes})
	return yes
}

// The commands of the session, as the model writes them.
const (
	firstRun  = "go test ./..."
	sneaky    = "go test ./... && rm -rf /"
	secondRun = "go test -v ./..."
)

// script is the fixing session the model plays: run the tests, search and
// read, edit (once with a path outside the copy, once right), try a command
// off the allow-list, run the tests verbosely, and say it is fixed.
func (s story) script() []lab.Step {
	m := s.mod
	return []lab.Step{
		lab.Reply(lab.Text("Let me run the tests first."), lab.Call("run_command", lab.Args{"command": firstRun})),
		lab.Reply(lab.Call("search", lab.Args{"query": s.query}), lab.Call("read", lab.Args{"path": m.bugFile})),
		lab.Reply(lab.Call("edit", lab.Args{"path": "../" + m.bugFile, "old_text": m.bug, "new_text": m.fix}),
			lab.Call("edit", lab.Args{"path": m.bugFile, "old_text": m.bug, "new_text": m.fix})),
		lab.Reply(lab.Call("run_command", lab.Args{"command": sneaky})),
		lab.Reply(lab.Call("run_command", lab.Args{"command": secondRun})),
		lab.Say(fmt.Sprintf("Fixed: %s now uses %s, and go test ./... passes.", m.bugFile, m.fix)),
	}
}

// session is one fixing session as a check sees it.
type session struct {
	story  story
	repo   *lab.Workspace
	model  *lab.ScriptedModel
	runner *recorder
	person *person
	out    Outcome
}

// play runs the session with the student's Patch and the given budget, and
// logs the conversation it returned (which also attaches it as a transcript;
// a whole recorded run would render every request once more, and the
// sessions must stay quick under the race detector).
func play(c *checkkit.C, s story, steps []lab.Step, budget int) *session {
	return playWith(c, s, steps, budget, playback(s.mod))
}

// playWith runs the session as play does, with the given command runner.
func playWith(c *checkkit.C, s story, steps []lab.Step, budget int, runner *recorder) *session {
	return playOn(c, s, s.mod.repo(), steps, budget, runner)
}

// playOn runs the session as playWith does, over the repository repo.
func playOn(c *checkkit.C, s story, repo *lab.Workspace, steps []lab.Step, budget int, runner *recorder) *session {
	se := &session{story: s, repo: repo, model: lab.NewScriptedModel(steps...), runner: runner, person: &person{no: s.no}}
	se.out = S.Patch(Job{Model: se.model, Repo: repo, Commands: se.runner, Ask: se.person.ask,
		Task: s.task, Budget: budget})
	checkkit.LogConversation(c, "The session", se.out.Messages)
	checkkit.LogRefusals(c, se.model)
	return se
}

// mustHaveCopy stops the check when Patch returned no copy of the repository.
func (se *session) mustHaveCopy(c *checkkit.C) {
	c.Must(se.out.Copy != nil, "Patch returned no Copy: it should return the copy of the repository the session worked in.")
}

// fullOutput returns what run_command returns for command in the given state
// of the module: the exit code, then the output.
func fullOutput(m module, state, command string) string {
	key := state + ": " + command
	return fmt.Sprintf("exit code %d\n%s", m.exitCode[key], m.outputs[key])
}

// billOf returns the bill of every request the model answered, in order, as
// the kit counts it.
func billOf(model *lab.ScriptedModel) []int {
	var bills []int
	for _, r := range model.Calls() {
		bills = append(bills, lab.CountTokens(r.Text()))
	}
	return bills
}

// sum returns the sum of xs.
func sum(xs []int) int {
	total := 0
	for _, x := range xs {
		total += x
	}
	return total
}
