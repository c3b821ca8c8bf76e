package checks

import (
	"errors"
	"fmt"
	"strings"

	"github.com/google/go-cmp/cmp/cmpopts"

	"harnesslab/grader/checkkit"
	"harnesslab/lab"
)

// Lab 1: a tool that fails.

// failData is one run of failed_tool_not_a_success: a tool, a call it fails
// (returning some text and an error together), and a call it answers.
type failData struct {
	tool     func() (lab.Tool, *lab.Workspace)
	failing  lab.Block
	problem  string // the error the tool returns for failing
	working  lab.Block
	answered string // what the tool returns for working
}

// runCommand is a tool that runs a command: "go test ./..." prints its
// output and fails, anything else succeeds.
func runCommand() (lab.Tool, *lab.Workspace) {
	return lab.Tool{
		Name:        "run_command",
		Description: "Run a shell command and return what it printed.",
		Parameters: lab.Schema{"type": "object", "properties": lab.Schema{
			"command": lab.Schema{"type": "string"}}, "required": []string{"command"}},
		Execute: func(args lab.Args) (string, error) {
			if args["command"] == "go test ./..." {
				return "--- FAIL: TestPort\nFAIL\n", errors.New("exit status 1")
			}
			return "ok\n", nil
		},
	}, nil
}

// failedToolNotASuccess: when a tool fails, RunTool does not report a
// success, runs the tool only once, and still runs it for the next call.
func failedToolNotASuccess(c *checkkit.C) {
	checkkit.Scenarios(c, []checkkit.Data[failData]{
		{Name: "a command that prints its output and fails", Data: failData{
			tool:    runCommand,
			failing: lab.Call("run_command", lab.Args{"command": "go test ./..."}).WithID("c3"),
			problem: "exit status 1",
			working: lab.Call("run_command", lab.Args{"command": "go vet ./..."}).WithID("c4"), answered: "ok\n",
		}},
		{Name: "a read of a file that is not there", Data: failData{
			tool: func() (lab.Tool, *lab.Workspace) {
				ws := lessonFiles.workspace()
				return checkkit.ReadTool(ws), ws
			},
			failing: lab.Call("read", lab.Args{"path": "missing.py"}).WithID("c1"),
			problem: "read missing.py: file does not exist",
			working: lab.Call("read", lab.Args{"path": "config.py"}).WithID("c2"), answered: "PORT = 9090\n",
		}},
	}, func(d failData) {
		tool, ws := d.tool()
		rec := c.Record("RunTool with a failing call, then a working one")
		if ws != nil {
			rec.Watch(ws)
		}
		var runs checkkit.ToolRuns
		tools := runs.Wrap(rec.Tools(tool)...)
		name := tool.Name
		defer func() { // context for a failure of this run, said once
			if c.Failed() {
				c.Logf("the call that fails: %s (the tool returns an error: %s)", lab.ShowBlock(d.failing), d.problem)
			}
		}()

		got, stopped := runStopping(tools, cloneBlock(d.failing))
		if stopped != nil && len(runs.Runs()) == 0 {
			panic(stopped) // it stopped before the tool ran: a panic of its own, named as such
		}
		if !checkkit.SameRuns(c, fmt.Sprintf("The call %s should run %s once, even though it fails: no second try.", d.failing.ID, name),
			[]string{name}, &runs) {
			return
		}
		if !c.Equal(fmt.Sprintf("%s should receive the arguments of call %s exactly as the model wrote them.", name, d.failing.ID),
			d.failing.Arguments, runs.Runs()[0].Args, cmpopts.EquateEmpty()) {
			return
		}
		switch {
		case stopped != nil:
			c.Logf("RunTool stopped on the failing call %s, as it should: %v", d.failing.ID, stopped)
		case !got.IsError:
			c.Errorf("%s failed (%s), and RunTool returned a result that says it worked:\n  %s\n"+
				"In this lesson a failing tool stops the program: panic(err). Lesson 04 turns it into a result marked IsError.",
				name, d.problem, lab.Show([]lab.Message{got}))
			return
		case got.ToolCallID != d.failing.ID || got.ToolName != name:
			c.Errorf("The error result should quote the call's id (%s) and name the tool (%s):\n  got %s",
				d.failing.ID, name, lab.Show([]lab.Message{got}))
			return
		}

		got, stopped = runStopping(tools, cloneBlock(d.working))
		if stopped != nil {
			c.Errorf("After %s failed for call %s, RunTool stopped on the next call, %s, which should work:\n  %v\n"+
				"A tool that failed once is not broken for good: run it again for the next call.",
				name, d.failing.ID, lab.ShowBlock(d.working), stopped)
			return
		}
		if !checkkit.SameRuns(c, fmt.Sprintf("After %s failed for call %s, the next call, %s, should run %s again, once: "+
			"a tool that failed once is not broken for good.", name, d.failing.ID, lab.ShowBlock(d.working), name), []string{name, name}, &runs) {
			return
		}
		c.Equal(fmt.Sprintf("The result of %s should quote its id, name %s and hold what it returned.", d.working.ID, name),
			checkkit.Result(d.working.ID, name, d.answered), got, checkkit.AsSent...)
		if ws != nil {
			checkkit.SameReads(c, "Each call should read its file once.", []string{d.failing.Arguments["path"].(string), d.working.Arguments["path"].(string)}, ws)
		}
	})
}

// runStopping runs RunTool and reports the panic that stopped it, if any. A
// gap not written yet is not a stop: it goes on up, to be named as such.
func runStopping(tools []lab.Tool, call lab.Block) (got lab.Message, stopped any) {
	defer func() {
		if r := recover(); r != nil {
			if s, ok := r.(string); ok && strings.HasSuffix(s, ": not written yet") {
				panic(r)
			}
			stopped = r
		}
	}()
	return S.RunTool(tools, call), nil
}
