package checks

import (
	"errors"
	"fmt"
	"strings"

	"harnesslab/grader/checkkit"
	"harnesslab/lab"
)

// Lab 2: even a panic gets an answer.

// panicking returns a tool that panics with value whatever it is given.
func panicking(name string, value any) lab.Tool {
	return lab.Tool{Name: name, Description: "The " + name + " tool of this check; it has a bug.", Parameters: object(nil),
		Execute: func(lab.Args) (string, error) { panic(value) }}
}

// panicCase is a call whose tool panics (or not), and what its result says.
type panicCase struct {
	call lab.Block
	with string // the panic, in words; "" for a call that works
	want string // the result's text after "Error: ", or the tool's text
}

func panicGetsErrorResult(c *checkkit.C) {
	type data struct {
		d     disk
		tools []lab.Tool
		cases []panicCase
	}
	checkkit.Scenarios(c, []checkkit.Data[data]{
		{Name: disks[0].Name, Data: data{disks[0].Data,
			[]lab.Tool{panicking("boom", "config not loaded"), panicking("tally", errors.New("tally: counter went negative")),
				panicking("code", 42), {Name: "broken", Description: "Has no Execute at all.", Parameters: object(nil)}},
			[]panicCase{
				{lab.Call("boom", lab.Args{}).WithID("c1"), `the string "config not loaded"`, "config not loaded"},
				{lab.Call("tally", lab.Args{}).WithID("c2"), `an error, "tally: counter went negative"`, "tally: counter went negative"},
				{lab.Call("code", lab.Args{}).WithID("c3"), "the number 42", "42"},
				{lab.Call("line", lab.Args{"path": "config.py", "n": 5.0}).WithID("c4"),
					"a runtime error (config.py has 2 lines)", "runtime error: index out of range [5] with length 2"},
				{lab.Call("broken", lab.Args{}).WithID("c5"),
					"a runtime error (the tool's Execute is nil)", "runtime error: invalid memory address or nil pointer dereference"},
				{lab.Call("line", lab.Args{"path": "config.py", "n": 0.0}).WithID("c6"), "", "PORT = 9090"},
			}}},
		{Name: disks[1].Name + ", other panics", Data: data{disks[1].Data,
			[]lab.Tool{panicking("fetch", "cache not warmed"), panicking("sum", fmt.Errorf("sum: %w", errors.New("overflow"))),
				panicking("ratio", 0.5)},
			[]panicCase{
				{lab.Call("line", lab.Args{"path": "server.go", "n": 9.0}).WithID("c1"),
					"a runtime error (server.go has 2 lines)", "runtime error: index out of range [9] with length 2"},
				{lab.Call("line", lab.Args{"path": "server.go", "n": 0.0}).WithID("c2"), "", "package server"},
				{lab.Call("fetch", lab.Args{"url": "/status"}).WithID("c3"), `the string "cache not warmed"`, "cache not warmed"},
				{lab.Call("sum", lab.Args{}).WithID("c4"), `an error, "sum: overflow"`, "sum: overflow"},
				{lab.Call("ratio", lab.Args{}).WithID("c5"), "the number 0.5", "0.5"},
			}}},
	}, func(data data) {
		ws := data.d.workspace()
		var runs checkkit.ToolRuns
		rec := c.Record("RunTool with tools that panic")
		rec.Watch(ws)
		tools := runs.Wrap(rec.Tools(append([]lab.Tool{lineTool(ws)}, data.tools...)...)...)
		for _, tc := range data.cases {
			panicked(c, tools, &runs, tc)
			if c.Failed() {
				return // one wrong call at a time
			}
		}
	})
}

// panicked asks RunTool for one call of panicGetsErrorResult and compares
// what it returns, and how often the tool ran, with what the case says.
func panicked(c *checkkit.C, tools []lab.Tool, runs *checkkit.ToolRuns, tc panicCase) {
	before := len(runs.Runs())
	got, returned := runToolCaught(c, tools, tc.call, tc.with)
	if n := len(runs.Runs()) - before; n != 1 {
		note := ""
		if tc.with == "" && n == 0 {
			note = " The same tool panicked on the call before, and that does not make it broken for good: " +
				"every call runs its tool afresh."
		}
		c.Errorf("The call %s should run its tool exactly once; it ran %s.%s", describe(tc.call), checkkit.Times(n), note)
	}
	switch {
	case !returned:
	case tc.with == "":
		c.Equal(fmt.Sprintf("The call %s works (the call before it panicked): its result should be exactly what "+
			"the tool returned, with IsError false.", describe(tc.call)), worked(tc.call, tc.want), got)
	case got.Role == "" && got.ToolCallID == "" && got.Content == "":
		c.Errorf("The call %s panics with %s, and RunTool returned an empty lab.Message: it quotes no call and "+
			"says nothing.", describe(tc.call), tc.with)
		c.Advise("When a deferred function recovers a panic, the function it belongs to returns whatever its " +
			"named result holds at that moment: the deferred function must set result.")
	default:
		c.Equal(fmt.Sprintf("The call %s panics with %s. Its result should be \"Error: \" followed by the panic value "+
			"as fmt.Sprint writes it, with IsError set.", describe(tc.call), tc.with), failed(tc.call, tc.want), got)
	}
}

// runToolCaught calls the student's RunTool and turns a panic that escapes it
// into a failure naming the call, instead of letting it end the check. A gap
// that is not written yet still panics through, so the kit can say so.
func runToolCaught(c *checkkit.C, tools []lab.Tool, call lab.Block, panicsWith string) (result lab.Message, returned bool) {
	defer func() {
		r := recover()
		if r == nil {
			return
		}
		if strings.HasSuffix(fmt.Sprint(r), ": not written yet") {
			panic(r)
		}
		c.Errorf("RunTool did not return for the call %s: the panic of its tool (%s) went on through RunTool, "+
			"and the check stopped it: %v.", describe(call), panicsWith, r)
		adviseRecover(c)
		returned = false
	}()
	return runTool(c, tools, call), true
}

// adviseRecover says once where recover works.
func adviseRecover(c *checkkit.C) {
	c.Advise("recover stops a panic only when it is called directly by a function that RunTool defers: not before " +
		"the panic, and not in a helper that the deferred function calls (there it returns nil). Defer it before " +
		"the tool runs, and have it set RunTool's named result to the error result.")
}

func runSurvivesPanic(c *checkkit.C) {
	type data struct {
		d     disk
		n     float64 // the line asked for, which the file does not have
		first bool    // whether the panicking call comes first
		lines int
	}
	checkkit.Scenarios(c, []checkkit.Data[data]{
		{Name: disks[0].Name, Data: data{disks[0].Data, 7, false, 2}},
		{Name: disks[1].Name + ", the panicking call first", Data: data{disks[1].Data, 4, true, 2}},
	}, func(data data) {
		ws := data.d.workspace()
		var runs checkkit.ToolRuns
		read := lab.Call("read", lab.Args{"path": data.d.config})
		line := lab.Call("line", lab.Args{"path": data.d.config, "n": data.n})
		asked, readID, lineID := []lab.Block{read, line}, "c1", "c2"
		if data.first {
			asked, readID, lineID = []lab.Block{line, read}, "c2", "c1"
		}
		model := lab.NewScriptedModel(
			reply("Let me look.", asked),
			lab.Respond(func(r lab.Request) lab.Message {
				text, _ := r.ResultFor(readID)
				res, ok := r.ResultFor(lineID)
				if ok && res.IsError {
					return lab.Say(fmt.Sprintf("There is no line %v. %s says %s.", data.n, data.d.config, strings.TrimSpace(text.Content)))
				}
				return lab.Say(fmt.Sprintf("Line %v is %q.", data.n, res.Content))
			}),
		)
		question := fmt.Sprintf("What is on line %v of %s?", data.n, data.d.config)
		rec := c.Record("Chat with a tool that panics")
		rec.Watch(ws)
		var messages []lab.Message
		var result Result
		if !survives(c, func() {
			messages, result = S.Chat(rec.Model(model), nil, question, runs.Wrap(rec.Tools(checkkit.ReadTool(ws), lineTool(ws))...))
		}) {
			return
		}
		calls := withIDs(1, asked...)
		panicked := fmt.Sprintf("runtime error: index out of range [%v] with length %d", data.n, data.lines)
		outcomes := []outcome{gets(data.d.text(data.d.config)), fails(panicked)}
		if data.first {
			outcomes[0], outcomes[1] = outcomes[1], outcomes[0]
		}
		answer := fmt.Sprintf("There is no line %v. %s says PORT = %s.", data.n, data.d.config, data.d.port)
		want := append([]lab.Message{lab.User(question), reply("Let me look.", calls)}, results(calls, outcomes...)...)
		want = append(want, lab.Say(answer))
		what := fmt.Sprintf("One reply asked for %s and %s; the call to line panics. Both calls should get their "+
			"result, in call order, and the run should go on to the model's answer.", describe(calls[0]), describe(calls[1]))
		if !checkkit.SameStory(c, checkkit.Story{What: what, Want: want, Tools: []lab.Tool{checkkit.ReadTool(ws), lineTool(ws)}, System: system}, model, messages) {
			return
		}
		sameRuns(c, "Each call should run its tool once, in call order:", ran(calls...), &runs)
		c.Equal("The run should go on after the panic and end with the model's answer.",
			Result{Status: answered, Text: answer, Steps: 2}, result)
	})
}

// survives runs chat, and records a failure if a panic escapes it. A gap that
// is not written yet still panics through, so the kit can say so.
func survives(c *checkkit.C, chat func()) (finished bool) {
	defer func() {
		r := recover()
		if r == nil || finished {
			return
		}
		if strings.HasSuffix(fmt.Sprint(r), ": not written yet") {
			panic(r)
		}
		c.Errorf("The run crashed with a panic: %v. A tool in this run panics; a crash loses the whole run, the "+
			"results of the calls that worked included.", r)
		adviseRecover(c)
	}()
	chat()
	return true
}
