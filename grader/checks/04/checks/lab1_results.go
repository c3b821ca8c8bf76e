package checks

import (
	"errors"
	"fmt"

	"harnesslab/grader/checkkit"
	"harnesslab/lab"
)

// Lab 1: a failure is a result. The checks of one call: what a tool's error,
// or its success, becomes.

func toolErrorGetsErrorResult(c *checkkit.C) {
	type data struct {
		d        disk
		vet      string // the error of the vet tool
		partial  string // what the build tool prints before it fails
		buildErr string // the error of the build tool
	}
	checkkit.Scenarios(c, []checkkit.Data[data]{
		{Name: disks[0].Name, Data: data{disks[0].Data, "go vet: exit status 1: main.go:3: unreachable code",
			"compiling main.go\n", "build: exit status 2: main.go:1: undefined: config"}},
		{Name: disks[1].Name, Data: data{disks[1].Data, "go vet: exit status 1: server.go:9: unused result",
			"compiling server.go\ncompiling api.go\n", "build: exit status 1: api.go:4: missing return"}},
	}, func(data data) {
		ws := data.d.workspace()
		var runs checkkit.ToolRuns
		rec := c.Record("RunTool with tools that return errors")
		rec.Watch(ws)
		tools := runs.Wrap(rec.Tools(checkkit.ReadTool(ws),
			fixed("vet", object([]string{}), "", errors.New(data.vet)),
			fixed("build", object([]string{}), data.partial, errors.New(data.buildErr)))...)
		cases := []struct {
			call lab.Block
			why  string
			says string
		}{
			{lab.Call("read", lab.Args{"path": data.d.missing}).WithID("c1"), "read " + data.d.missing + ": file does not exist",
				data.d.missing + " is not in the workspace, so the read tool returns the error"},
			{lab.Call("vet", lab.Args{}).WithID("c2"), data.vet, "the vet tool returns the error"},
			{lab.Call("build", nil).WithID("c3"), data.buildErr, fmt.Sprintf("the build tool returns the text %q "+
				"and, with it, the error", data.partial)},
		}
		for _, tc := range cases {
			before := len(runs.Runs())
			got := runTool(c, tools, tc.call)
			c.Equal(fmt.Sprintf("For the call %s, %s %q. The result should be \"Error: \" followed by that error's "+
				"text, and nothing else, with IsError set.", describe(tc.call), tc.says, tc.why), failed(tc.call, tc.why), got)
			if n := len(runs.Runs()) - before; n != 1 {
				c.Errorf("The call %s should run its tool exactly once; it ran %s. When a call fails, the model "+
					"decides what to do next, after it has read the error: the harness does not try again on its own.",
					describe(tc.call), checkkit.Times(n))
			}
			if c.Failed() {
				return // one wrong call at a time
			}
		}
	})
}

func workingCallUnchanged(c *checkkit.C) {
	checkkit.Scenarios(c, disks, func(d disk) {
		ws := d.workspace()
		var runs checkkit.ToolRuns
		logLine := "Error: disk almost full (logged at 09:14)\n"
		if d.port != "9090" {
			logLine = "Error: 3 requests timed out (logged at 17:02)\n"
		}
		rec := c.Record("RunTool with working calls, one after a failure")
		rec.Watch(ws)
		tools := runs.Wrap(rec.Tools(checkkit.ReadTool(ws),
			fixed("grep", object([]string{"pattern"}, "pattern", "path"), d.config+":1:PORT = "+d.port+"\n", nil),
			fixed("touch", object([]string{"path"}, "path"), "", nil),
			fixed("logs", object(nil), logLine, nil))...)
		edited := "PORT = " + d.port + "1\n"
		cases := []struct {
			call  lab.Block
			out   string
			note  string
			first func() // what happens before the call
		}{
			{lab.Call("read", lab.Args{"path": d.config}).WithID("c2"), d.text(d.config),
				" (The call just before it, to the same tool, failed; this one did not.)", func() {
					runTool(c, tools, lab.Call("read", lab.Args{"path": d.missing}).WithID("c1"))
				}},
			{lab.Call("grep", lab.Args{"pattern": "PORT"}).WithID("c3"), d.config + ":1:PORT = " + d.port + "\n",
				" (path is one of grep's inputs, but not a required one, so leaving it out is fine.)", nil},
			{lab.Call("touch", lab.Args{"path": d.missing}).WithID("c4"), "", " (An empty text with no error is a success.)", nil},
			{lab.Call("logs", lab.Args{}).WithID("c5"), logLine,
				" (The tool worked; the text it returned happens to mention an error. IsError says whether the call failed.)", nil},
			{lab.Call("read", lab.Args{"path": d.config}).WithID("c6"), edited,
				fmt.Sprintf(" (The same read was answered before, as c2; %s has changed since, so the tool must run again.)",
					d.config), func() { ws.WriteText(d.config, edited) }},
		}
		for _, tc := range cases {
			if tc.first != nil {
				tc.first()
			}
			got := runTool(c, tools, tc.call)
			c.Equal(fmt.Sprintf("The call %s works: its result should be exactly what the tool returned, %q, "+
				"with IsError false.%s", describe(tc.call), tc.out, tc.note), worked(tc.call, tc.out), got)
			if c.Failed() {
				return // one wrong call at a time
			}
		}
		want := ran(lab.Call("read", lab.Args{"path": d.missing}))
		for _, tc := range cases {
			want = append(want, ran(tc.call)...)
		}
		sameRuns(c, "Every call should run its tool exactly once, in the order the calls were made "+
			"(the first is the failed read just before c2):", want, &runs)
	})
}

func errorResultsQuoteCall(c *checkkit.C) {
	type quoted struct {
		call lab.Block
		why  string // the reason the result gives
		what string // the failure, in words
	}
	checkkit.Scenarios(c, []checkkit.Data[[]quoted]{
		{Name: disks[0].Name, Data: []quoted{
			{lab.Call("raed", lab.Args{"path": "config.py"}).WithID("toolu_01A"), "no tool called raed", "there is no tool called raed"},
			{lab.Call("read", lab.Args{}).WithID("call_7"), "missing input path", "it leaves out path"},
			{lab.Call("read", lab.Args{"path": "notes.md"}).WithID("x-3"), "read notes.md: file does not exist", "notes.md does not exist"},
		}},
		{Name: "other calls, other ids", Data: []quoted{
			{lab.Call("read", lab.Args{"path": "TODO.txt"}).WithID("call_Qw2"), "read TODO.txt: file does not exist", "TODO.txt does not exist"},
			{lab.Call("grep", lab.Args{"pattern": "PORT"}).WithID("toolu_9"), "no tool called grep", "there is no tool called grep"},
			{lab.Call("read", lab.Args{"file": "TODO.txt"}).WithID("c1"), "missing input path", "it says file where read needs path"},
		}},
	}, func(cases []quoted) {
		ws := disks[0].Data.workspace()
		rec := c.Record("RunTool with failing calls under other ids")
		rec.Watch(ws)
		tools := rec.Tools(checkkit.ReadTool(ws))
		for _, tc := range cases {
			got := runTool(c, tools, tc.call)
			c.Equal(fmt.Sprintf("The call %s with id %s fails (%s). Its result should still be a toolResult quoting "+
				"the id %s and the tool name the call used, %q.", describe(tc.call), tc.call.ID, tc.what, tc.call.ID,
				tc.call.Name), failed(tc.call, tc.why), got)
			if c.Failed() {
				return // one wrong call at a time
			}
		}
	})
}
