package checks

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"harnesslab/grader/checkkit"
	"harnesslab/lab"
)

// The checks' own tools and deployments. Every tool a check hands the
// student's Gate is built here, and what a check expects is built from a
// fresh copy after the student's code returned.

// spec describes one tool of a deployment: its name, what it says about
// itself, its inputs (all strings; required ones first), and what it
// returns for given arguments. Its effect class lives in the deployment's
// policy, not here.
type spec struct {
	name        string
	description string
	required    []string
	optional    []string
	out         func(args lab.Args) string
	fail        func(args lab.Args) error // nil, or the tool's error for args
}

// tool builds the tool s describes, over ws: it reads its inputs, records a
// write to ws for anything that changes the world, and returns s.out.
func (s spec) tool(ws *lab.Workspace) lab.Tool {
	if s.name == "read" {
		return checkkit.ReadTool(ws)
	}
	props := lab.Schema{}
	for _, p := range append(append([]string{}, s.required...), s.optional...) {
		props[p] = lab.Schema{"type": "string", "description": "The " + strings.ReplaceAll(p, "_", " ") + "."}
	}
	out, fail := s.out, s.fail
	name := s.name
	return lab.Tool{
		Name:        s.name,
		Description: s.description,
		Parameters:  lab.Schema{"type": "object", "properties": props, "required": append([]string{}, s.required...)},
		Execute: func(args lab.Args) (string, error) {
			if fail != nil {
				if err := fail(args); err != nil {
					return "", err
				}
			}
			ws.WriteText("done/"+name, lab.EncodeJSON(args))
			return out(args), nil
		},
	}
}

// arg returns argument name of args as text.
func arg(args lab.Args, name string) string {
	s, _ := args[name].(string)
	return s
}

// deployment is one set of tools with the policy that governs them, and a
// call of each kind the lesson's rules tell apart.
type deployment struct {
	name   string
	files  map[string]string
	specs  []spec
	policy func() Policy // a fresh copy every time

	reader       lab.Block // a read tool, allowed
	writer       lab.Block // a write tool, allowed
	sender       lab.Block // an external tool, on the allow-list: ask
	destroyer    lab.Block // an irreversible tool, on the allow-list: deny
	unclassed    lab.Block // on the allow-list, no effect class: deny
	unlisted     lab.Block // a read tool left off the allow-list: deny
	missing      lab.Block // a read of a file that is not there: allowed, and the tool fails
	missingError string    // what that read's error says
}

// workspace returns a fresh workspace with d's files.
func (d deployment) workspace() *lab.Workspace { return lab.NewWorkspace(d.files) }

// tools returns d's tools over ws, in d's order.
func (d deployment) tools(ws *lab.Workspace) []lab.Tool {
	out := make([]lab.Tool, len(d.specs))
	for i, s := range d.specs {
		out[i] = s.tool(ws)
	}
	return out
}

// output is what the kit's own tool returns for call, run on a fresh
// workspace.
func (d deployment) output(call lab.Block) string {
	for _, t := range d.tools(d.workspace()) {
		if t.Name == call.Name {
			out, err := t.Execute(lab.CloneArgs(call.Arguments))
			if err != nil {
				return "Error: " + err.Error()
			}
			return out
		}
	}
	panic("checks: no tool called " + call.Name + " in " + d.name)
}

var deployments = []checkkit.Data[deployment]{
	{Name: "the field office", Data: deployment{
		name:  "the field office",
		files: map[string]string{"report.md": "Week 12: 40 tents delivered to Kessan.\n", "notes.md": "Call the depot on Monday.\n"},
		specs: []spec{
			{name: "read", description: "Read a text file and return its contents."},
			{name: "save_draft", description: "Save a draft to a file.", required: []string{"path", "text"},
				out: func(a lab.Args) string { return "saved " + arg(a, "path") }},
			{name: "send_email", description: "Send an email to a team.", required: []string{"to", "subject", "body"}, optional: []string{"note"},
				out: func(a lab.Args) string { return "sent to " + arg(a, "to") + ": " + arg(a, "subject") }},
			{name: "delete_report", description: "Delete a report for good.", required: []string{"path"},
				out: func(a lab.Args) string { return "deleted " + arg(a, "path") }},
			{name: "archive", description: "Move a report to the archive.", required: []string{"path"},
				out: func(a lab.Args) string { return "archived " + arg(a, "path") }},
			{name: "list_files", description: "List the files in a folder.", required: []string{"dir"},
				out: func(a lab.Args) string { return "report.md, notes.md" }},
		},
		policy: func() Policy {
			return Policy{
				Effects: map[string]string{"read": read, "save_draft": write, "send_email": external,
					"delete_report": irreversible, "list_files": read},
				Allowed: []string{"read", "save_draft", "send_email", "delete_report", "archive"},
			}
		},
		reader:       lab.Call("read", lab.Args{"path": "report.md"}),
		writer:       lab.Call("save_draft", lab.Args{"path": "draft.md", "text": "40 tents reached Kessan."}),
		sender:       lab.Call("send_email", lab.Args{"to": "finance", "subject": "Week 12", "body": "40 tents reached Kessan."}),
		destroyer:    lab.Call("delete_report", lab.Args{"path": "report.md"}),
		unclassed:    lab.Call("archive", lab.Args{"path": "report.md"}),
		unlisted:     lab.Call("list_files", lab.Args{"dir": "."}),
		missing:      lab.Call("read", lab.Args{"path": "plan.md"}),
		missingError: "read plan.md: file does not exist",
	}},
	{Name: "the build server", Data: deployment{
		name:  "the build server",
		files: map[string]string{"build.log": "ok: 212 tests\n", "deploy.cfg": "region = north\n"},
		specs: []spec{
			{name: "search", description: "Search the logs for a word.", required: []string{"query"},
				out: func(a lab.Args) string { return "2 lines match " + arg(a, "query") }},
			{name: "post_message", description: "Post a message to a chat channel.", required: []string{"channel", "text"}, optional: []string{"note"},
				out: func(a lab.Args) string { return "posted to " + arg(a, "channel") }},
			{name: "write_file", description: "Write a text file.", required: []string{"path", "text"},
				out: func(a lab.Args) string { return "wrote " + arg(a, "path") },
				fail: func(a lab.Args) error {
					if arg(a, "path") == "" {
						return errors.New("write_file: the path is empty")
					}
					return nil
				}},
			{name: "drop_table", description: "Drop a database table.", required: []string{"table"},
				out: func(a lab.Args) string { return "dropped " + arg(a, "table") }},
			{name: "rotate_keys", description: "Rotate the keys of a service.", required: []string{"service"},
				out: func(a lab.Args) string { return "rotated " + arg(a, "service") }},
			{name: "read", description: "Read a text file and return its contents."},
		},
		policy: func() Policy {
			return Policy{
				Effects: map[string]string{"search": read, "write_file": write, "post_message": external,
					"drop_table": irreversible, "read": read, "rotate_keys": "Read"},
				Allowed: []string{"rotate_keys", "drop_table", "write_file", "post_message", "search"},
			}
		},
		reader:       lab.Call("search", lab.Args{"query": "FAIL"}),
		writer:       lab.Call("write_file", lab.Args{"path": "notes.txt", "text": ""}),
		sender:       lab.Call("post_message", lab.Args{"channel": "builds", "text": "212 tests pass."}),
		destroyer:    lab.Call("drop_table", lab.Args{"table": "builds"}),
		unclassed:    lab.Call("rotate_keys", lab.Args{"service": "deploy"}),
		unlisted:     lab.Call("read", lab.Args{"path": "deploy.cfg"}),
		missing:      lab.Call("write_file", lab.Args{"path": "", "text": "x"}),
		missingError: "write_file: the path is empty",
	}},
}

// deniedText is what a call the policy denies must get, for reason.
func deniedText(reason string) string {
	return "Error: denied by policy: " + reason + "; do not ask for it again"
}

// declinedText is what a call a person said no to must get.
func declinedText(name string) string {
	return "Error: not approved: a person said no to " + name + "; do not ask for it again"
}

// denied is the result of call when the policy denies it for reason.
func denied(call lab.Block, reason string) lab.Message {
	return checkkit.ErrorResult(call.ID, call.Name, deniedText(reason))
}

// declined is the result of call when the person said no.
func declined(call lab.Block) lab.Message {
	return checkkit.ErrorResult(call.ID, call.Name, declinedText(call.Name))
}

// worked is the result of call when its tool ran and returned content.
func worked(call lab.Block, content string) lab.Message {
	return checkkit.Result(call.ID, call.Name, content)
}

// describe writes a call the way a student reads it: send_email({"to": "finance"}).
func describe(call lab.Block) string {
	if call.Arguments == nil {
		return call.Name + "({}) (its Arguments map is nil)"
	}
	return call.Name + "(" + lab.EncodeJSON(call.Arguments) + ")"
}

// person is an ask function that answers from a script and writes down
// every question it was asked.
type person struct {
	answers []bool // the answer to each question in turn; yes once they run out, if always
	always  bool
	asked   []checkkit.ToolRun
}

// ask is the person's AskFunc.
func (p *person) ask(tool string, args lab.Args) bool {
	n := len(p.asked)
	p.asked = append(p.asked, checkkit.ToolRun{Tool: tool, Args: lab.CloneArgs(args)})
	if n < len(p.answers) {
		return p.answers[n]
	}
	return p.always
}

// sameAsked records a failure unless the person was asked exactly want.
func sameAsked(c *checkkit.C, sentence string, want []lab.Block, p *person) bool {
	wantRuns := checkkit.RunsOf(want...)
	same := len(wantRuns) == len(p.asked)
	for i := 0; same && i < len(wantRuns); i++ {
		same = wantRuns[i].Tool == p.asked[i].Tool && len(checkkit.Differences(wantRuns[i].Args, p.asked[i].Args, checkkit.AsSent...)) == 0
	}
	if same {
		return true
	}
	c.Errorf("%s\n  expected the person to be asked about: %s\n  they were asked about:                %s",
		sentence, checkkit.ShowRuns(wantRuns), checkkit.ShowRuns(p.asked))
	return false
}

// sameLog records a failure unless the log holds exactly want.
func sameLog(c *checkkit.C, sentence string, want, got []Entry) bool {
	if len(checkkit.Differences(want, got, checkkit.AsSent...)) == 0 {
		return true
	}
	c.Errorf("%s\n  expected log: %s\n  got log:      %s", sentence, showLog(want), showLog(got))
	return false
}

// showLog writes log entries one after the other, as a student reads them.
func showLog(entries []Entry) string {
	if len(entries) == 0 {
		return "empty"
	}
	shown := make([]string, len(entries))
	for i, e := range entries {
		args := "{}"
		if e.Args != nil {
			args = lab.EncodeJSON(e.Args)
		}
		s := fmt.Sprintf("%s %s(%s) %q", e.Verdict, e.Tool, args, e.Reason)
		if e.Verdict == ask || e.Approved {
			s += fmt.Sprintf(" approved=%v", e.Approved)
		}
		shown[i] = s
	}
	return "\n    " + strings.Join(shown, "\n    ")
}

// logged is the log entry a call should leave.
func logged(call lab.Block, verdict, reason string, approved bool) Entry {
	return Entry{Tool: call.Name, Args: lab.CloneArgs(call.Arguments), Verdict: verdict, Reason: reason, Approved: approved}
}

// guard calls the student's Gate on tools, with a log that already holds
// the entries start, and records a failure if Gate changed the tools it was
// handed or handed back a different set of tools.
func guard(c *checkkit.C, tools []lab.Tool, p Policy, ask AskFunc, start []Entry) Guarded {
	offered := pristineSpecs(tools)
	g := S.Gate(tools, p, ask, start)
	c.Equal("Gate changed the tools it was handed; they belong to the caller:", offered, checkkit.SpecsOf(tools), checkkit.AsSent...)
	if want, got := names(tools), names(g.Tools); checkkit.Commas(want) != checkkit.Commas(got) || len(want) != len(got) {
		c.Errorf("Gate should hand back every tool it was given, in the same order: a denied tool stays on offer, and "+
			"its calls get the denial.\n  expected tools: %s\n  got tools:      %s", checkkit.Commas(want), checkkit.Commas(got))
		return g
	}
	c.Equal("Gate should hand back every tool described exactly as before (only what Execute does changes), so the "+
		"model is offered the same tools:", offered, checkkit.SpecsOf(g.Tools), checkkit.AsSent...)
	return g
}

// pristineSpecs returns what a request says about tools, deep copies that no
// later change to the tools reaches.
func pristineSpecs(tools []lab.Tool) []lab.Spec {
	specs := checkkit.SpecsOf(tools)
	for i := range specs {
		specs[i].Parameters = lab.CloneArgs(specs[i].Parameters)
	}
	return specs
}

// runTool calls the student's RunTool with a copy of call.
func runTool(tools []lab.Tool, call lab.Block) lab.Message {
	given := call
	given.Arguments = lab.CloneArgs(call.Arguments)
	return S.RunTool(tools, given)
}

// samePolicy records a failure unless the policy after is the policy before,
// exactly as it was given: the order of the allow-list included.
func samePolicy(c *checkkit.C, what string, before, after Policy) bool {
	const whose = "the policy is written in code and only its author changes it"
	if !slices.Equal(before.Allowed, after.Allowed) && sameNames(before.Allowed, after.Allowed) {
		c.Errorf("%s changed the order of the allow-list it was given; %s. Sorting or reordering p.Allowed changes the "+
			"caller's own slice, since a copy of a slice shares its array: look the name up without changing the list.\n  expected allow-list: %q\n  "+
			"got allow-list:      %q", what, whose, before.Allowed, after.Allowed)
		after.Allowed = before.Allowed // whatever else changed is said below
		c.Equal(what+" changed the policy it was given; "+whose+":", before, after, checkkit.AsSent...)
		return false
	}
	return c.Equal(what+" changed the policy it was given; "+whose+":", before, after, checkkit.AsSent...)
}

// sameNames reports whether a and b hold the same names, in any order.
func sameNames(a, b []string) bool {
	a, b = slices.Clone(a), slices.Clone(b)
	slices.Sort(a)
	slices.Sort(b)
	return slices.Equal(a, b)
}

// reason is the reason Decide gives for call under d's policy, worked out
// from the kit's own table: "" for an allowed call.
func (d deployment) reason(call lab.Block) string {
	p := d.policy()
	if !slices.Contains(p.Allowed, call.Name) {
		return call.Name + " is not on the allow-list"
	}
	switch p.Effects[call.Name] {
	case read, write:
		return ""
	case external:
		return call.Name + " is external"
	case irreversible:
		return call.Name + " is irreversible"
	}
	return call.Name + " has no effect class"
}

// nobody is an ask function for checks in which no call should reach a
// person: it says yes, so that a gate that asks about a call it should have
// denied lets the call run, and the check sees it.
func nobody() *person { return &person{always: true} }

// names returns the name of every tool, in order.
func names(tools []lab.Tool) []string {
	out := make([]string, len(tools))
	for i, t := range tools {
		out[i] = t.Name
	}
	return out
}
