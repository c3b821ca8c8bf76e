package checks

import (
	"fmt"
	"strings"

	"harnesslab/grader/checkkit"
	"harnesslab/lab"
)

// disk is the data of one run of a scenario: the files in the workspace, and
// which of them the story is about.
type disk struct {
	files   map[string]string
	config  string // the file that sets the port
	port    string // the port it sets
	other   string // another file that is there
	missing string // a file that is not there
	date    string // what the today tool says
}

// disks are the two workspaces every scenario runs on, one after the other
// in the same program. The file with the port has the same name in both, and
// different text, so a harness that remembers results by path or by call id
// answers the second run with the first run's port.
var disks = []checkkit.Data[disk]{
	{Name: "the lesson's files", Data: disk{
		files:  map[string]string{"config.py": "PORT = 9090\n", "main.go": "import config\n"},
		config: "config.py", port: "9090", other: "main.go", missing: "notes.md", date: "2026-03-14"}},
	{Name: "other files, another port", Data: disk{
		files:  map[string]string{"config.py": "PORT = 7070\n", "server.go": "package server\n", "README.md": "# api\n"},
		config: "config.py", port: "7070", other: "server.go", missing: "TODO.txt", date: "2027-11-02"}},
}

// workspace returns a fresh workspace holding d's files.
func (d disk) workspace() *lab.Workspace { return lab.NewWorkspace(d.files) }

// text returns the text of file name in d.
func (d disk) text(name string) string { return d.files[name] }

// failed returns the result a failed call must get: it quotes the call, says
// "Error: " and why, and sets IsError.
func failed(call lab.Block, why string) lab.Message {
	return checkkit.ErrorResult(call.ID, call.Name, "Error: "+why)
}

// worked returns the result a call that worked must get.
func worked(call lab.Block, content string) lab.Message {
	return checkkit.Result(call.ID, call.Name, content)
}

// object returns a JSON Schema for an object with the given string
// properties, of which required are required (in that order).
func object(required any, properties ...string) lab.Schema {
	props := lab.Schema{}
	for _, p := range properties {
		props[p] = lab.Schema{"type": "string"}
	}
	return lab.Schema{"type": "object", "properties": props, "required": required}
}

// fixed returns a tool with the given schema whose Execute returns out and
// err, whatever it is given.
func fixed(name string, parameters lab.Schema, out string, err error) lab.Tool {
	return lab.Tool{Name: name, Description: "The " + name + " tool of this check.", Parameters: parameters,
		Execute: func(lab.Args) (string, error) { return out, err }}
}

// describe writes a call the way a student reads it: raed({"path": "config.py"}).
func describe(call lab.Block) string {
	if call.Arguments == nil {
		return call.Name + "({}) (its Arguments map is nil)"
	}
	return call.Name + "(" + lab.EncodeJSON(call.Arguments) + ")"
}

// runTool calls the student's RunTool with a copy of call, and records a
// failure if RunTool changed the arguments of the call it was given (they
// belong to the model's reply, which stays in the list as the model wrote it)
// or the tools it was handed (the caller offers them again on the next step).
func runTool(c *checkkit.C, tools []lab.Tool, call lab.Block) lab.Message {
	given := call
	given.Arguments = lab.CloneArgs(call.Arguments)
	offered := pristineSpecs(tools)
	got := S.RunTool(tools, given)
	c.Equal(fmt.Sprintf("RunTool changed the tools it was handed for the call %s; they belong to the caller, who "+
		"offers them to the model again on the next step:", describe(call)), offered, checkkit.SpecsOf(tools), checkkit.AsSent...)
	if diff := checkkit.Differences(call.Arguments, given.Arguments); len(diff) > 0 {
		c.Errorf("RunTool changed the arguments of the call %s it was given; they are the model's words and belong "+
			"to its reply, which stays in the list as it was written. Now they read %s.",
			describe(call), lab.EncodeJSON(given.Arguments))
	}
	return got
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

// showResult writes how a run ended, in words.
func showResult(r Result) string {
	if r.Text == "" {
		return fmt.Sprintf("status %q after %s", r.Status, checkkit.Plural(r.Steps, "step"))
	}
	return fmt.Sprintf("status %q, text %q, after %s", r.Status, r.Text, checkkit.Plural(r.Steps, "step"))
}

// sameRuns records a failure unless the tools ran exactly as want says.
func sameRuns(c *checkkit.C, sentence string, want []checkkit.ToolRun, runs *checkkit.ToolRuns) bool {
	return checkkit.SameToolRuns(c, sentence, want, runs)
}

// ran is the run a call should cause: its tool, given its arguments.
func ran(calls ...lab.Block) []checkkit.ToolRun { return checkkit.RunsOf(calls...) }

// lineTool returns a tool that returns line n (counting from 0) of a file,
// with no check that the file has that many lines: it panics when it has not.
func lineTool(ws *lab.Workspace) lab.Tool {
	return lab.Tool{Name: "line", Description: "Return line n of a file, counting from 0.",
		Parameters: object([]string{"path", "n"}, "path", "n"),
		Execute: func(args lab.Args) (string, error) {
			path, _ := args["path"].(string)
			n, _ := args["n"].(float64)
			text, err := ws.ReadText(path)
			if err != nil {
				return "", err
			}
			return strings.Split(text, "\n")[int(n)], nil
		}}
}
