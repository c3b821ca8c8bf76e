package checks

import (
	"fmt"

	"harnesslab/grader/checkkit"
	"harnesslab/grader/checks/16/play"
	"harnesslab/lab"
)

// story is one data set of the fixing session: the module, what the model
// searches for, and the task it is given.
type story struct {
	mod   module
	query string // what the model searches for
	task  string
}

// stories are the two sessions every lab 2 check runs, one after the other.
var stories = []checkkit.Data[story]{
	{Name: "the wordcount module", Data: story{mod: wordcount, query: "strings.Split",
		task: "go test fails in the wordcount module. Fix it."}},
	{Name: "the temps module", Data: story{mod: temps, query: "- 32",
		task: "TestFahrenheit fails. Find the bug and fix it; the tests must pass."}},
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
func (s story) script() []lab.Message {
	m := s.mod
	return []lab.Message{
		lab.Reply(lab.Text("Let me run the tests first."), lab.Call("run_command", lab.Args{"command": firstRun})),
		lab.Reply(lab.Call("search", lab.Args{"query": s.query}), lab.Call("read", lab.Args{"path": m.bugFile})),
		lab.Reply(lab.Call("edit", lab.Args{"path": "../" + m.bugFile, "old_text": m.bug, "new_text": m.fix}),
			lab.Call("edit", lab.Args{"path": m.bugFile, "old_text": m.bug, "new_text": m.fix})),
		lab.Reply(lab.Call("run_command", lab.Args{"command": sneaky})),
		lab.Reply(lab.Call("run_command", lab.Args{"command": secondRun})),
		lab.Say(fmt.Sprintf("Fixed: %s now uses %s, and go test ./... passes.", m.bugFile, m.fix)),
	}
}

// session is s as the player is handed it, with the given replies and
// budget.
func (s story) session(what string, replies []lab.Message, budget int) play.Session {
	return play.Session{What: what, Module: s.mod.world(), Files: s.mod.files, Task: s.task, Replies: replies, Budget: budget}
}

// storySessions are the fixing sessions of the stories, with PatchBudget.
func storySessions() []checkkit.Data[play.Session] {
	out := make([]checkkit.Data[play.Session], len(stories))
	for k, st := range stories {
		out[k] = checkkit.Data[play.Session]{Name: st.Name, Data: st.Data.session("Patch: "+st.Name, st.Data.script(), patchBudget)}
	}
	return out
}

// refusedSessions are the fixing sessions, the person saying no to go test -v.
func refusedSessions() []checkkit.Data[play.Session] {
	out := storySessions()
	for k := range out {
		out[k].Data.No = secondRun
	}
	return out
}

// askSessions are the fixing sessions, the person saying yes to everything
// in the first and no to go test -v in the second.
func askSessions() []checkkit.Data[play.Session] {
	out := storySessions()
	out[0].Name += ", the person says yes to everything"
	out[1].Name += ", the person says no to go test -v"
	out[1].Data.No = secondRun
	return out
}
