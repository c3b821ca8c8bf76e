package checks

import (
	"errors"
	"fmt"
	"strings"

	"harnesslab/grader/checkkit"
	"harnesslab/lab"
)

// Lab 1: the tools whose results are redacted before the model reads them.

// redactTools calls the student's RedactTools and stops the check if it
// returns a list of the wrong length.
func redactTools(c *checkkit.C, tools []lab.Tool) ([]lab.Tool, func() []Trigger) {
	guarded, log := S.RedactTools(tools)
	if len(guarded) != len(tools) {
		c.Fatalf("RedactTools was handed %s and returned %s: it should return one copy of each, in the same order.",
			checkkit.Plural(len(tools), "tool"), checkkit.Plural(len(guarded), "tool"))
	}
	for i, t := range guarded {
		if t.Execute == nil {
			c.Fatalf("The tool %d that RedactTools returned (%q) has no Execute function.", i, t.Name)
		}
	}
	return guarded, log
}

func resultsRedactedBeforeModel(c *checkkit.C) {
	checkkit.Scenarios(c, offices, func(o office) {
		var runs checkkit.ToolRuns
		tools := runs.Wrap(o.reportTool())
		guarded, _ := redactTools(c, tools)
		asked := lab.Reply(lab.Text("Let me read both."), call(o.withData, "c1"), call(o.noData, "c2"))
		model := lab.NewScriptedModel(asked, lab.Say("Done."))
		question := lab.User("What do reports " + o.withData + " and " + o.noData + " say?")
		rec := c.Record("RunLoop with the tools RedactTools returned")
		got, _ := S.RunLoop(rec.Model(model), []lab.Message{question}, rec.Tools(guarded...), kit.MaxSteps)

		want := []lab.Message{question, asked,
			checkkit.Result("c1", "get_report", o.clean[o.withData]),
			checkkit.Result("c2", "get_report", o.clean[o.noData])}
		calls := model.Calls()
		if len(calls) < 2 {
			c.Errorf("The model should be asked twice (once for the calls, once after their results); it was asked %s.",
				checkkit.Asked(model))
			return
		}
		checkkit.SameMessages(c, "The second request should hold the question, the reply with the two calls, then each "+
			"result with its personal data already replaced by marks, and the clean report exactly as it was:", want, calls[1].Messages, 0)
		if leaked := o.leaks(lab.RenderRequest(calls[1].System, calls[1].Messages, calls[1].Tools)); len(leaked) > 0 {
			c.Errorf("The request the model read holds personal data from a tool: %s.", checkkit.List(leaked))
		}
		c.Equal("Every request should describe the tools exactly as they were handed to RedactTools:",
			checkkit.SpecsOf([]lab.Tool{o.reportTool()}), calls[1].Tools, checkkit.AsSent...)
		checkkit.SameToolRuns(c, "Each call should run the report tool once, with the arguments the model wrote:",
			checkkit.RunsOf(call(o.withData, "c1"), call(o.noData, "c2")), &runs)
		if c.Failed() {
			checkkit.LogConversation(c, "the list at the end", got)
		}
	})
}

func toolsHandedInUnchanged(c *checkkit.C) {
	checkkit.Scenarios(c, offices, func(o office) {
		ws := lab.NewWorkspace(map[string]string{"contacts.txt": o.reports[o.withData]})
		tools := []lab.Tool{o.reportTool(), checkkit.ReadTool(ws)}
		guarded, _ := redactTools(c, tools)
		fresh := []lab.Tool{o.reportTool(), checkkit.ReadTool(ws)}
		c.Equal("RedactTools should return copies described exactly as the tools it was handed, in the same order:",
			checkkit.SpecsOf(fresh), checkkit.SpecsOf(guarded), checkkit.AsSent...)
		c.Equal("RedactTools should leave the tools it was handed described as they were:",
			checkkit.SpecsOf(fresh), checkkit.SpecsOf(tools), checkkit.AsSent...)
		raw, err := tools[0].Execute(lab.Args{"id": o.withData})
		if raw != o.reports[o.withData] || err != nil {
			c.Errorf("After RedactTools, the report tool it was handed should still return the report as the field wrote "+
				"it; it returned %q and the error %v. RedactTools changed the caller's tool: build copies and change those.",
				raw, err)
		}
		clean, err := guarded[0].Execute(lab.Args{"id": o.withData})
		if clean != o.clean[o.withData] || err != nil {
			c.Errorf("The copy of the report tool should return report %s redacted, %q, and no error; it returned %q and "+
				"the error %v.", o.withData, o.clean[o.withData], clean, err)
		}
		// Change the copies, then ask again: the originals must not follow.
		guarded[0].Name, guarded[1].Description = "changed", "changed"
		again, _ := redactTools(c, tools)
		c.Equal("After the caller changed the copies RedactTools returned, RedactTools on the same tools should "+
			"still return copies described as the originals:", checkkit.SpecsOf(fresh), checkkit.SpecsOf(again), checkkit.AsSent...)
		if text, _ := again[1].Execute(lab.Args{"path": "contacts.txt"}); text != o.clean[o.withData] {
			c.Errorf("The copy of the read tool should return contacts.txt redacted, %q; it returned %q.",
				o.clean[o.withData], text)
		}
	})
}

func everyRedactionLogged(c *checkkit.C) {
	checkkit.Scenarios(c, offices, func(o office) {
		ws := lab.NewWorkspace(map[string]string{"contacts.txt": o.reports[o.withData]})
		guarded, log := redactTools(c, []lab.Tool{o.reportTool(), checkkit.ReadTool(ws)})
		rec := c.Record("the tools RedactTools returned, one call after another")
		rec.Watch(ws)
		recorded := rec.Tools(guarded...)
		var want []Trigger
		steps := []struct {
			tool int
			args lab.Args
			id   string
		}{{0, lab.Args{"id": o.noData}, o.noData}, {0, lab.Args{"id": o.withData}, o.withData},
			{1, lab.Args{"path": "contacts.txt"}, o.withData}, {0, lab.Args{"id": "R2"}, "R2"}, {0, lab.Args{"id": "R3"}, "R3"}}
		for _, step := range steps {
			name := guarded[step.tool].Name
			if _, err := recorded[step.tool].Execute(step.args); err != nil {
				c.Errorf("The copy of %s returned the error %v for %s.", name, err, lab.EncodeJSON(step.args))
				return
			}
			want = append(want, o.redactions(name, step.id)...)
			if !sameLog(c, fmt.Sprintf("After %s(%s), the log should hold one trigger for each item redacted so far, "+
				"naming the guard %q, the tool and the kind; a result with nothing to redact adds nothing:",
				name, lab.EncodeJSON(step.args), kit.RedactGuard), want, log()) {
				return
			}
		}
		noLeaks(c, o, log())
		_, fresh := redactTools(c, []lab.Tool{o.reportTool()})
		sameLog(c, "A second RedactTools, with a log of its own, should start with that log empty:", nil, fresh())
	})
}

// failing returns a tool that fails with err, or panics with the text of
// err when panics is set.
func failing(name string, err error, panics bool) lab.Tool {
	return lab.Tool{Name: name, Description: "The " + name + " tool of this check.",
		Parameters: lab.Schema{"type": "object", "properties": lab.Schema{}},
		Execute: func(lab.Args) (string, error) {
			if panics {
				panic(err.Error())
			}
			return "", err
		}}
}

func errorsAndPanicsRedacted(c *checkkit.C) {
	type data struct {
		o               office
		lookupErr, with string // the error of the lookup tool, and redacted
		panicText, pan  string // the panic of the import tool, and redacted
		errKinds        []string
		panicKinds      []string
	}
	checkkit.Scenarios(c, []checkkit.Data[data]{
		{Name: offices[0].Name, Data: data{offices[0].Data,
			"no record for amina.yusuf@example.org; ask the Kessan office", "no record for [email]; ask the Kessan office",
			"bad row 7: +44 20 7946 0958", "bad row 7: [phone]", []string{"email"}, []string{"phone"}}},
		{Name: offices[1].Name, Data: data{offices[1].Data,
			"card 5500-0000-0000-0004 declined, call +254 712 345 678", "card [card] declined, call [phone]",
			"cannot parse j.otieno@aramu.example.net", "cannot parse [email]", []string{"card", "phone"}, []string{"email"}}},
	}, func(d data) {
		var runs checkkit.ToolRuns
		tools := runs.Wrap(failing("lookup", errors.New(d.lookupErr), false), failing("import", errors.New(d.panicText), true))
		guarded, log := redactTools(c, tools)
		recorded := c.Record("RunTool with the tools RedactTools returned: one fails, one panics").Tools(guarded...)
		cases := []struct {
			call   lab.Block
			text   string
			what   string
			kinds  []string
			before int
		}{
			{lab.Call("lookup", lab.Args{}).WithID("c1"), d.with, "returns the error " + fmt.Sprintf("%q", d.lookupErr), d.errKinds, 0},
			{lab.Call("import", lab.Args{}).WithID("c2"), d.pan, "panics with " + fmt.Sprintf("%q", d.panicText), d.panicKinds, 1},
		}
		var want []Trigger
		for _, tc := range cases {
			got := runToolCaught(c, recorded, tc.call)
			c.Equal(fmt.Sprintf("The tool of the call %s %s. Its result should be an error result with the personal "+
				"data replaced by marks:", tc.call.Name, tc.what), checkkit.ErrorResult(tc.call.ID, tc.call.Name, "Error: "+tc.text), got)
			for _, kind := range tc.kinds {
				want = append(want, Trigger{Guard: kit.RedactGuard, Where: tc.call.Name, What: kind})
			}
			if c.Failed() {
				return
			}
		}
		if sameLog(c, "Each item redacted from an error or a panic is a trigger like any other:", want, log()) {
			noLeaks(c, d.o, log())
		}
		checkkit.SameRuns(c, "Each call should run its tool once:", []string{"lookup", "import"}, &runs)
	})
}

// runToolCaught calls the student's RunTool and turns a panic that escapes
// it into a failure naming the call. A gap that is not written yet still
// panics through, so the kit can say so.
func runToolCaught(c *checkkit.C, tools []lab.Tool, call lab.Block) (result lab.Message) {
	defer func() {
		r := recover()
		if r == nil {
			return
		}
		if strings.HasSuffix(fmt.Sprint(r), ": not written yet") {
			panic(r)
		}
		c.Errorf("RunTool did not return for the call %s: a panic went on through it (%v). Lesson 04's RunTool "+
			"recovers a tool's panic; does the copy RedactTools makes panic itself?", call.Name, r)
	}()
	return S.RunTool(tools, call)
}
