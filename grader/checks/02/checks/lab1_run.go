package checks

import (
	"fmt"

	"github.com/google/go-cmp/cmp/cmpopts"

	"harnesslab/grader/checkkit"
	"harnesslab/lab"
)

// Lab 1: RunTool.

// readData is one run of result_points_back: a disk and a call to read one
// of its files.
type readData struct {
	files disk
	call  lab.Block
}

// resultPointsBack: RunTool runs the tool and returns one toolResult that
// points back at the call.
func resultPointsBack(c *checkkit.C) {
	// Every conversation numbers its calls from c1, and files change: the
	// second run asks for the same file under the same id, and gets what the
	// file says now.
	checkkit.Scenarios(c, []checkkit.Data[readData]{
		{Name: "the lesson's files", Data: readData{lessonFiles, lab.Call("read", lab.Args{"path": "config.py"}).WithID("c1")}},
		{Name: "the same call after config.py changed", Data: readData{changedFiles, lab.Call("read", lab.Args{"path": "config.py"}).WithID("c1")}},
		{Name: "other files, another id", Data: readData{otherFiles, lab.Call("read", lab.Args{"path": "settings.toml"}).WithID("c12")}},
	}, func(d readData) {
		ws := d.files.workspace()
		rec := c.Record("RunTool with one read call")
		rec.Watch(ws)
		var runs checkkit.ToolRuns
		tools := runs.Wrap(rec.Tools(checkkit.ReadTool(ws))...)
		call := cloneBlock(d.call)
		path := d.call.Arguments["path"].(string)

		got := S.RunTool(tools, call)
		if !checkkit.SameRuns(c, "RunTool should run the read tool once for the call.", []string{"read"}, &runs) ||
			!c.Equal(fmt.Sprintf("RunTool should return a toolResult message that quotes the call's id (%s), names the tool that ran (read), "+
				"holds what the tool returned (the text of %s as it is now), and is not an error.", d.call.ID, path),
				checkkit.Result(d.call.ID, "read", d.files[path]), got, checkkit.AsSent...) ||
			!checkkit.SameReads(c, fmt.Sprintf("Running the call should read %s once.", path), []string{path}, ws) ||
			!sameCall(c, "RunTool", d.call, call) {
			c.Logf("the call: %s", lab.ShowBlock(d.call))
		}
	})
}

// toolbox is one run of named_tool_runs: tools that are easy to mix up, and
// calls to them with what each should return.
type toolbox struct {
	tools   []lab.Tool
	calls   []toolCall
	unknown lab.Block // a call to a tool that is not in the list, but for case
}

// toolCall is a call and what the tool it names returns for it.
type toolCall struct {
	call    lab.Block
	content string
}

// search is a tool with an optional parameter, ignore_case, and an input
// that may be given as "" (path: every file).
func search(found string) lab.Tool {
	return lab.Tool{
		Name:        "search",
		Description: "Find the lines that contain a pattern, in one file or (path \"\") in every file.",
		Parameters: lab.Schema{"type": "object", "properties": lab.Schema{
			"pattern":     lab.Schema{"type": "string"},
			"path":        lab.Schema{"type": "string"},
			"ignore_case": lab.Schema{"type": "boolean"},
		}, "required": []string{"pattern", "path"}},
		Execute: func(lab.Args) (string, error) { return found, nil },
	}
}

// backupRead is a second read tool, over another disk, whose name differs
// from read only in case.
func backupRead(ws *lab.Workspace) lab.Tool {
	t := checkkit.ReadTool(ws)
	t.Name, t.Description = "Read", "Read a text file from the backup disk."
	return t
}

// lessonToolbox is the first run: the lesson's disk, and its backup.
func lessonToolbox() toolbox {
	ws, backup := lessonFiles.workspace(), disk{"config.py": "PORT = 7070\n"}.workspace()
	return toolbox{
		tools: []lab.Tool{checkkit.TodayTool("2026-09-19"), backupRead(backup), checkkit.ReadTool(ws), search("config.py:1: PORT = 9090")},
		calls: []toolCall{
			{lab.Call("search", lab.Args{"pattern": "PORT", "path": ""}).WithID("c4"), "config.py:1: PORT = 9090"},
			{lab.Call("read", lab.Args{"path": "config.py"}).WithID("c5"), "PORT = 9090\n"},
			{lab.Call("Read", lab.Args{"path": "config.py"}).WithID("c6"), "PORT = 7070\n"},
			{lab.Call("today", nil).WithID("c7"), "2026-09-19"},
		},
		unknown: lab.Call("SEARCH", lab.Args{"pattern": "PORT", "path": ""}).WithID("c8"),
	}
}

// otherToolbox is the second run: other files, another order of tools.
func otherToolbox() toolbox {
	ws, backup := otherFiles.workspace(), disk{"settings.toml": "port = 1234\n"}.workspace()
	return toolbox{
		tools: []lab.Tool{search("settings.toml:1: port = 6543"), checkkit.ReadTool(ws), backupRead(backup), checkkit.TodayTool("2027-01-05")},
		calls: []toolCall{
			{lab.Call("today", nil).WithID("c1"), "2027-01-05"},
			{lab.Call("Read", lab.Args{"path": "settings.toml"}).WithID("c2"), "port = 1234\n"},
			{lab.Call("read", lab.Args{"path": "settings.toml"}).WithID("c3"), "port = 6543\n"},
			{lab.Call("search", lab.Args{"pattern": "", "path": "settings.toml"}).WithID("c4"), "settings.toml:1: port = 6543"},
		},
		unknown: lab.Call("Today", nil).WithID("c5"),
	}
}

// namedToolRuns: the tool named in the call is the one that runs, and it
// receives the arguments as the model wrote them.
func namedToolRuns(c *checkkit.C) {
	checkkit.Scenarios(c, []checkkit.Data[toolbox]{
		{Name: "the lesson's tools", Data: lessonToolbox()},
		{Name: "other files, the tools in another order", Data: otherToolbox()},
	}, func(box toolbox) {
		rec := c.Record("RunTool with tools whose names are easy to mix up")
		var runs checkkit.ToolRuns
		tools := runs.Wrap(rec.Tools(box.tools...)...)
		context := func(call lab.Block) { // said once, under a failure
			c.Logf("the tools, in order: %s", checkkit.Commas(specNames(checkkit.SpecsOf(box.tools))))
			c.Logf("the call: %s", lab.ShowBlock(call))
		}
		for _, step := range box.calls {
			call := step.call
			before := len(runs.Runs())
			got := S.RunTool(tools, cloneBlock(call))
			ran := runs.Runs()[before:]
			if len(ran) != 1 || ran[0].Tool != call.Name {
				var names []string
				for _, r := range ran {
					names = append(names, r.Tool)
				}
				c.Errorf("The call %s names %s, so RunTool should run the tool called exactly %s (case counts), once, and no other tool.\n"+
					"  expected to run: %s\n  ran:             %s", call.ID, call.Name, call.Name, call.Name, checkkit.Commas(names))
				context(call)
				return
			}
			if !c.Equal(fmt.Sprintf("%s should receive the arguments of call %s exactly as the model wrote them: every key, "+
				"no key the model did not write, and an empty text as an empty text.", call.Name, call.ID),
				call.Arguments, ran[0].Args, cmpopts.EquateEmpty()) {
				context(call)
				return
			}
			if !c.Equal(fmt.Sprintf("RunTool's result for %s should quote its id, name %s, and hold what %s returned.",
				call.ID, call.Name, call.Name), checkkit.Result(call.ID, call.Name, step.content), got, checkkit.AsSent...) {
				context(call)
				return
			}
		}
		if !unknownToolRunsNothing(c, tools, &runs, box.unknown) {
			context(box.unknown)
		}
	})
}

// unknownToolRunsNothing checks that a call to a tool that is not in the
// list (its name differs from one only in case) runs no tool, and is not
// reported as a success.
func unknownToolRunsNothing(c *checkkit.C, tools []lab.Tool, runs *checkkit.ToolRuns, call lab.Block) bool {
	before := len(runs.Runs())
	got, stopped := runStopping(tools, cloneBlock(call))
	var ran []string
	for _, r := range runs.Runs()[before:] {
		ran = append(ran, r.Tool)
	}
	switch {
	case len(ran) > 0:
		c.Errorf("No tool is called exactly %s, so RunTool should run no tool for call %s: names are matched exactly, case included.\n"+
			"  expected to run: nothing\n  ran:             %s", call.Name, call.ID, checkkit.Commas(ran))
		return false
	case stopped == nil && !got.IsError:
		c.Errorf("No tool is called exactly %s, and RunTool returned a result that says call %s worked:\n  %s\n"+
			"In this lesson a call to an unknown tool stops the program; lesson 04 turns it into a result marked IsError.",
			call.Name, call.ID, lab.Show([]lab.Message{got}))
		return false
	}
	return true
}
