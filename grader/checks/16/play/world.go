package play

import (
	"errors"
	"strings"
	"sync"

	"harnesslab/grader/checkkit"
	"harnesslab/lab"
)

// The worlds the checks play: a command runner that runs nothing (it plays
// back what the go command printed, recorded from real runs), a person who
// approves commands, and a scripted model.

// Case is one run_command tool, made over a workspace holding Files, and the
// calls RunTool is handed for it, one after the other.
type Case struct {
	What  string            `json:"what"`
	Files map[string]string `json:"files"`
	Calls []Call            `json:"calls"`
}

// Call is one call of run_command with its arguments, and what the runner
// answers when the call reaches it: Output, or the error Fails when set.
type Call struct {
	ID     string            `json:"id"`
	Args   lab.Args          `json:"args"`
	Output lab.CommandOutput `json:"output"`
	Fails  string            `json:"fails"`
}

// CaseRan is what one case did: the tool's name and parameters as
// MakeRunCommandTool made it, the result RunTool returned for each call, and
// the commands that reached the runner, with the call each came from.
type CaseRan struct {
	Name       string         `json:"name"`
	Parameters map[string]any `json:"parameters"`
	Results    []lab.Message  `json:"results"`
	Runner     []RunnerRun    `json:"runner"`
}

// RunnerRun is one command that reached a runner: its words, the call it
// came from (in a case; 0 in a session), and where it was asked to run.
type RunnerRun struct {
	Words []string `json:"words"`
	Call  int      `json:"call"`
	// InTools says the command ran in the workspace the tool was made for
	// (a case), InCopy in the copy Patch returned, InRepo in the caller's
	// repository (a session).
	InTools bool `json:"in_tools"`
	InCopy  bool `json:"in_copy"`
	InRepo  bool `json:"in_repo"`
}

// runner is the play's command runner: it writes down every command that
// reaches it, with the workspace it was asked to run in, and answers with
// reply. It never runs anything, and is safe for use by several goroutines
// at once.
type runner struct {
	mu    sync.Mutex
	runs  []RunnerRun
	where []*lab.Workspace
	call  int
	reply func(n int, ws *lab.Workspace, argv []string) (lab.CommandOutput, error)
}

// Run records the command and returns what reply says.
func (r *runner) Run(ws *lab.Workspace, argv []string) (lab.CommandOutput, error) {
	r.mu.Lock()
	n := len(r.runs)
	r.runs = append(r.runs, RunnerRun{Words: append([]string{}, argv...), Call: r.call})
	r.where = append(r.where, ws)
	r.mu.Unlock()
	return r.reply(n, ws, argv)
}

// recorded returns every run so far, marking those made in tools, copy and
// repo.
func (r *runner) recorded(tools, copy, repo *lab.Workspace) []RunnerRun {
	r.mu.Lock()
	defer r.mu.Unlock()
	out := make([]RunnerRun, len(r.runs))
	for i, run := range r.runs {
		run.InTools = tools != nil && r.where[i] == tools
		run.InCopy = copy != nil && r.where[i] == copy
		run.InRepo = repo != nil && r.where[i] == repo
		out[i] = run
	}
	return out
}

// PlayCase makes the run_command tool of cs and hands it each call, recorded
// under title.
func PlayCase(c *checkkit.C, title string, cs Case) CaseRan {
	ws := lab.NewWorkspace(cs.Files)
	var current Call
	run := &runner{reply: func(int, *lab.Workspace, []string) (lab.CommandOutput, error) {
		if current.Fails != "" {
			return lab.CommandOutput{Output: "half an output\n", ExitCode: -1}, errors.New(current.Fails)
		}
		return current.Output, nil
	}}
	tool := S.MakeRunCommandTool(ws, run)
	out := CaseRan{Name: tool.Name, Parameters: schemaOf(tool.Parameters)}
	tools := c.Record(title).Tools(tool)
	for i, call := range cs.Calls {
		current = call
		run.mu.Lock()
		run.call = i + 1
		run.mu.Unlock()
		block := lab.Call("run_command", lab.CloneArgs(call.Args)).WithID(call.ID)
		out.Results = append(out.Results, S.RunTool(tools, block))
	}
	out.Runner = run.recorded(ws, nil, nil)
	return out
}

// schemaOf returns the parameters of a tool as plain data, nil when it has
// none.
func schemaOf(s lab.Schema) map[string]any {
	if s == nil {
		return nil
	}
	var out map[string]any
	if err := decodeJSON(lab.EncodeJSON(s), &out); err != nil {
		panic("the tool's parameters cannot be written down: " + err.Error())
	}
	return out
}

// Module is what the go command printed for a module, recorded from real
// runs: by the module's state ("broken" or "fixed") and the command
// ("go test ./...", "go test -v ./..." or "go vet ./..."), as in
// "fixed: go test -v ./...". The module is fixed when BugFile holds Fix and
// no longer holds Bug.
type Module struct {
	BugFile string                       `json:"bug_file"`
	Bug     string                       `json:"bug"`
	Fix     string                       `json:"fix"`
	Outputs map[string]lab.CommandOutput `json:"outputs"`
}

// state says whether ws holds the module broken or fixed.
func (m Module) state(ws *lab.Workspace) string {
	text, _ := ws.Peek(m.BugFile)
	if strings.Contains(text, m.Fix) && !strings.Contains(text, m.Bug) {
		return "fixed"
	}
	return "broken"
}

// commandKey names the recorded output a command plays back: every package
// pattern of these one-package modules prints what ./... prints.
func commandKey(argv []string) string {
	switch {
	case argv[1] == "vet":
		return "go vet ./..."
	case len(argv) > 2 && argv[2] == "-v":
		return "go test -v ./..."
	}
	return "go test ./..."
}

// Session is one Patch session: the module's world, the repository, the
// task, the model's replies, the budget, the command the person says no to
// (if any), and from which command on the runner cannot run anything
// (FailFrom, counting from 1; 0 for never), with the words it fails with.
// Rounds is how many times the session is played, unobserved, before the
// play that is recorded. With Cut set, the session is first played with a
// budget of a million tokens (the probe), and then with the budget Cut
// makes of the probe's bills.
type Session struct {
	What     string            `json:"what"`
	Module   Module            `json:"module"`
	Files    map[string]string `json:"files"`
	Task     string            `json:"task"`
	Replies  []lab.Message     `json:"replies"`
	Budget   int               `json:"budget"`
	Cut      *Cut              `json:"cut"`
	No       string            `json:"no"`
	FailFrom int               `json:"fail_from"`
	Fails    string            `json:"fails"`
	Rounds   int               `json:"rounds"`
}

// Cut is a budget made to stop a session after Sent requests: the bill of
// the first Sent+1 requests of the probe minus one token, or, when Exact,
// the bill of the first Sent, to the token.
type Cut struct {
	Sent  int  `json:"sent"`
	Exact bool `json:"exact"`
}

// Ran is what one session did: the budget Patch was given (and, with a Cut,
// the bills of the probe's requests and the messages of the probe's request
// that the budget cut off), every request the model answered with its bill,
// how often it was asked and what it refused; what Patch returned; the
// files of the copy and of the repository afterwards, the repository's
// writes, the commands that reached the runner and the questions put to the
// person.
type Ran struct {
	Budget     int               `json:"budget"`
	Probe      []int             `json:"probe"`
	CutOff     []lab.Message     `json:"cut_off"`
	Requests   []lab.Request     `json:"requests"`
	Bills      []int             `json:"bills"`
	Asked      int               `json:"asked"`
	Refusals   []string          `json:"refusals"`
	Messages   []lab.Message     `json:"messages"`
	Status     string            `json:"status"`
	Text       string            `json:"text"`
	Steps      int               `json:"steps"`
	Spent      int               `json:"spent"`
	TestsPass  bool              `json:"tests_pass"`
	Log        []Entry           `json:"log"`
	HasCopy    bool              `json:"has_copy"`
	CopyIsRepo bool              `json:"copy_is_repo"`
	Copy       map[string]string `json:"copy"`
	Repo       map[string]string `json:"repo"`
	RepoWrites []string          `json:"repo_writes"`
	Runner     []RunnerRun       `json:"runner"`
	Person     []Entry           `json:"person"`
}

// person is the play's ask function: it writes down every question and says
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

// playback returns the runner of s: it refuses what the kit's runner
// refuses, fails from s.FailFrom on, and otherwise plays back the output
// recorded for the state the workspace is in and the command.
func (s Session) playback() *runner {
	return &runner{reply: func(n int, ws *lab.Workspace, argv []string) (lab.CommandOutput, error) {
		if err := lab.GoCommandShape(argv); err != nil {
			return lab.CommandOutput{}, err
		}
		if s.FailFrom > 0 && n+1 >= s.FailFrom {
			return lab.CommandOutput{}, errors.New(s.Fails)
		}
		return s.Module.Outputs[s.Module.state(ws)+": "+commandKey(argv)], nil
	}}
}

// steps returns the model's script of s.
func (s Session) steps() []lab.Step {
	steps := make([]lab.Step, len(s.Replies))
	for i, r := range s.Replies {
		steps[i] = r
	}
	return steps
}

// PlaySession plays s with the code under play and records what happened.
func PlaySession(s Session) Ran {
	for range s.Rounds {
		playOnce(s, s.Budget)
	}
	if s.Cut == nil {
		return playOnce(s, s.Budget)
	}
	probe := playOnce(s, 1_000_000)
	budget := 0
	for i, bill := range probe.Bills {
		switch {
		case i < s.Cut.Sent:
			budget += bill
		case i == s.Cut.Sent && !s.Cut.Exact:
			budget += bill - 1
		}
	}
	out := playOnce(s, budget)
	out.Probe = probe.Bills
	if s.Cut.Sent < len(probe.Requests) {
		out.CutOff = probe.Requests[s.Cut.Sent].Messages
	}
	return out
}

// playOnce plays s once with the given budget.
func playOnce(s Session, budget int) Ran {
	repo := lab.NewWorkspace(s.Files)
	model := lab.NewScriptedModel(s.steps()...)
	run := s.playback()
	who := &person{no: s.No}
	res := S.Patch(Job{Model: model, Repo: repo, Commands: run, Ask: who.ask, Task: s.Task, Budget: budget})
	out := Ran{Budget: budget, Requests: model.Calls(), Asked: model.Asked(), Refusals: model.Refusals(),
		Messages: res.Messages, Status: res.Status, Text: res.Text, Steps: res.Steps, Spent: res.Spent,
		TestsPass: res.TestsPass, Log: res.Log, HasCopy: res.Copy != nil, CopyIsRepo: res.Copy == repo,
		Repo: filesOf(repo), RepoWrites: repo.Writes(), Runner: run.recorded(nil, res.Copy, repo)}
	for _, r := range out.Requests {
		out.Bills = append(out.Bills, lab.CountTokens(r.Text()))
	}
	if res.Copy != nil {
		out.Copy = filesOf(res.Copy)
	}
	who.mu.Lock()
	out.Person = who.asked
	who.mu.Unlock()
	return out
}

// filesOf returns every file of ws, read without logging a read.
func filesOf(ws *lab.Workspace) map[string]string {
	files := map[string]string{}
	for _, path := range ws.Paths() {
		files[path], _ = ws.Peek(path)
	}
	return files
}
