package checks

import (
	"fmt"

	"harnesslab/grader/checkkit"
	"harnesslab/grader/checks/08/play"
	"harnesslab/lab"
)

// Lab 1: the tools whose results are redacted before the model reads them.

// sameCopies stops the check unless RedactTools returned one copy with an
// Execute for each of the n tools it was handed.
func sameCopies(c *checkkit.C, n int, cp play.Copies) {
	if cp.Count != n {
		c.Fatalf("RedactTools was handed %s and returned %s: it should return one copy of each, in the same order.",
			checkkit.Plural(n, "tool"), checkkit.Plural(cp.Count, "tool"))
	}
	if cp.NoExecute >= 0 {
		c.Fatalf("The tool %d that RedactTools returned has no Execute function.", cp.NoExecute)
	}
}

// toolRuns makes a checkkit.ToolRuns holding runs, for checkkit.SameToolRuns.
func toolRuns(runs []checkkit.ToolRun) *checkkit.ToolRuns {
	r := &checkkit.ToolRuns{}
	tools := map[string]func(lab.Args) (string, error){}
	for _, run := range runs {
		if tools[run.Tool] == nil {
			t := r.Wrap(lab.Tool{Name: run.Tool, Execute: func(lab.Args) (string, error) { return "", nil }})[0]
			tools[run.Tool] = t.Execute
		}
		_, _ = tools[run.Tool](run.Args)
	}
	return r
}

// leaksOf returns the office's personal data that a request shows.
func leaksOf(o play.Office, r lab.Request) []string {
	return o.Leaks(lab.RenderRequest(r.System, r.Messages, r.Tools))
}

func judgeLoop(c *checkkit.C, yours, ref checkkit.Observed) {
	checkkit.EachScenario(c, offices, func(k int, o office) {
		got, want := get[play.Looped](c, yours, ref, play.RunKey(k))
		sameCopies(c, 1, got.Copies)
		if len(want.Requests) != 2 {
			c.KitFatalf("the reference asked the model %d times", len(want.Requests))
		}
		if len(got.Requests) < 2 {
			c.Errorf("The model should be asked twice (once for the calls, once after their results); it was asked %s.",
				checkkit.Times(len(got.Requests)))
			return
		}
		clean := []lab.Message{checkkit.Result("c1", "get_report", o.clean[o.WithData]), checkkit.Result("c2", "get_report", o.clean[o.NoData])}
		if len(checkkit.Differences(clean, want.Requests[1].Messages[2:], checkkit.AsSent...)) > 0 {
			c.KitFatalf("the reference's second request does not hold the results the kit expects")
		}
		checkkit.SameMessages(c, "The second request should hold the question, the reply with the two calls, then each "+
			"result with its personal data already replaced by marks, and the clean report exactly as it was:",
			want.Requests[1].Messages, got.Requests[1].Messages, 0)
		if leaked := leaksOf(o.Office, got.Requests[1]); len(leaked) > 0 {
			c.Errorf("The request the model read holds personal data from a tool: %s.", checkkit.List(leaked))
		}
		c.Equal("Every request should describe the tools exactly as they were handed to RedactTools:",
			want.Requests[1].Tools, got.Requests[1].Tools, checkkit.AsSent...)
		checkkit.SameToolRuns(c, "Each call should run the report tool once, with the arguments the model wrote:",
			want.Runs, toolRuns(got.Runs))
		if c.Failed() {
			checkkit.LogConversation(c, "the list at the end", got.Messages)
		}
	})
}

func judgeHanded(c *checkkit.C, yours, ref checkkit.Observed) {
	checkkit.EachScenario(c, offices, func(k int, o office) {
		got, want := get[play.Handed](c, yours, ref, play.RunKey(k))
		sameCopies(c, 2, got.Copies)
		if want.Copy.Text != o.clean[o.WithData] {
			c.KitFatalf("the reference's copy of the report tool returns %q", want.Copy.Text)
		}
		c.Equal("RedactTools should return copies described exactly as the tools it was handed, in the same order:",
			want.Specs, got.Specs, checkkit.AsSent...)
		c.Equal("RedactTools should leave the tools it was handed described as they were:",
			want.Originals, got.Originals, checkkit.AsSent...)
		if got.Raw != want.Raw {
			c.Errorf("After RedactTools, the report tool it was handed should still return the report as the field wrote "+
				"it; it returned %q and the error %q. RedactTools changed the caller's tool: build copies and change those.",
				got.Raw.Text, got.Raw.Err)
		}
		if got.Copy != want.Copy {
			c.Errorf("The copy of the report tool should return report %s redacted, %q, and no error; it returned %q and "+
				"the error %q.", o.WithData, want.Copy.Text, got.Copy.Text, got.Copy.Err)
		}
		sameCopies(c, 2, got.Again)
		c.Equal("After the caller changed the copies RedactTools returned, RedactTools on the same tools should "+
			"still return copies described as the originals:", want.Specs2, got.Specs2, checkkit.AsSent...)
		if got.Read2 != want.Read2 {
			c.Errorf("The copy of the read tool should return contacts.txt redacted, %q; it returned %q.", want.Read2, got.Read2)
		}
	})
}

// logRuns are the offices with the calls every_redaction_logged makes: the
// clean report, the report with personal data through both tools, then the
// other two reports.
var logRuns = mapData(offices, func(o office) play.LogRun {
	return play.LogRun{Office: o.Office, Steps: []play.LogStep{
		{Tool: 0, Args: lab.Args{"id": o.NoData}}, {Tool: 0, Args: lab.Args{"id": o.WithData}},
		{Tool: 1, Args: lab.Args{"path": "contacts.txt"}}, {Tool: 0, Args: lab.Args{"id": "R2"}}, {Tool: 0, Args: lab.Args{"id": "R3"}}}}
})

func logScenario() any { return logRuns }

func judgeLogged(c *checkkit.C, yours, ref checkkit.Observed) {
	checkkit.EachScenario(c, logRuns, func(k int, run play.LogRun) {
		o := offices[k].Data
		got, want := get[play.Logged](c, yours, ref, play.RunKey(k))
		sameCopies(c, 2, got.Copies)
		var kitLog []play.Trigger
		for i, step := range run.Steps {
			id := o.WithData
			if v, ok := step.Args["id"].(string); ok {
				id = v
			}
			kitLog = append(kitLog, o.redactions(want.Names[i], id)...)
			if len(checkkit.Differences(kitLog, want.Logs[i], checkkit.AsSent...)) > 0 {
				c.KitFatalf("the reference's log after step %d is not the kit's", i+1)
			}
		}
		for i, step := range run.Steps {
			name := want.Names[i]
			if i >= len(got.Steps) || i >= len(got.Logs) {
				c.Errorf("Your program recorded nothing for the call %s(%s).", name, lab.EncodeJSON(step.Args))
				return
			}
			if got.Steps[i].Err != "" {
				c.Errorf("The copy of %s returned the error %s for %s.", name, got.Steps[i].Err, lab.EncodeJSON(step.Args))
				return
			}
			if !sameLog(c, fmt.Sprintf("After %s(%s), the log should hold one trigger for each item redacted so far, "+
				"naming the guard %q, the tool and the kind; a result with nothing to redact adds nothing:",
				name, lab.EncodeJSON(step.Args), kit.RedactGuard), want.Logs[i], got.Logs[i]) {
				return
			}
		}
		if n := len(got.Logs); n > 0 {
			noLeaks(c, o.Office, got.Logs[n-1])
		}
		sameLog(c, "A second RedactTools, with a log of its own, should start with that log empty:", want.Fresh, got.Fresh)
	})
}

// failure is a tool error and a tool panic, with the kit's word on what each
// becomes once redacted.
type failure struct {
	play.Failures
	o          office
	with, pan  string // the error and the panic, redacted
	errKinds   []string
	panicKinds []string
}

var failures = []checkkit.Data[failure]{
	{Name: offices[0].Name, Data: failure{play.Failures{LookupErr: "no record for amina.yusuf@example.org; ask the Kessan office",
		PanicText: "bad row 7: +44 20 7946 0958"}, offices[0].Data,
		"no record for [email]; ask the Kessan office", "bad row 7: [phone]", []string{"email"}, []string{"phone"}}},
	{Name: offices[1].Name, Data: failure{play.Failures{LookupErr: "card 5500-0000-0000-0004 declined, call +254 712 345 678",
		PanicText: "cannot parse j.otieno@aramu.example.net"}, offices[1].Data,
		"card [card] declined, call [phone]", "cannot parse [email]", []string{"card", "phone"}, []string{"email"}}},
}

func failureScenario() any {
	return mapData(failures, func(f failure) play.Failures { return f.Failures })
}

func judgeFailures(c *checkkit.C, yours, ref checkkit.Observed) {
	checkkit.EachScenario(c, failures, func(k int, d failure) {
		got, want := get[play.Failed](c, yours, ref, play.RunKey(k))
		sameCopies(c, 2, got.Copies)
		cases := []struct {
			call lab.Block
			text string
			what string
		}{
			{lab.Call("lookup", lab.Args{}).WithID("c1"), d.with, "returns the error " + fmt.Sprintf("%q", d.LookupErr)},
			{lab.Call("import", lab.Args{}).WithID("c2"), d.pan, "panics with " + fmt.Sprintf("%q", d.PanicText)},
		}
		for i, tc := range cases {
			if len(want.Results) != 2 || want.Results[i].Content != "Error: "+tc.text {
				c.KitFatalf("the reference's result of %s is not %q", tc.call.Name, "Error: "+tc.text)
			}
			if i >= len(got.Results) {
				c.Errorf("Your program recorded no result for the call %s.", tc.call.Name)
				return
			}
			if got.Escaped[i] != "" {
				c.Errorf("RunTool did not return for the call %s: a panic went on through it (%s). Lesson 04's RunTool "+
					"recovers a tool's panic; does the copy RedactTools makes panic itself?", tc.call.Name, got.Escaped[i])
				return
			}
			c.Equal(fmt.Sprintf("The tool of the call %s %s. Its result should be an error result with the personal "+
				"data replaced by marks:", tc.call.Name, tc.what), want.Results[i], got.Results[i])
			if c.Failed() {
				return
			}
		}
		if sameLog(c, "Each item redacted from an error or a panic is a trigger like any other:", want.Log, got.Log) {
			noLeaks(c, d.o.Office, got.Log)
		}
		if checkkit.Commas(got.Runs) != checkkit.Commas(want.Runs) || len(got.Runs) != len(want.Runs) {
			c.Errorf("Each call should run its tool once:\n  expected runs: %s\n  got runs:      %s (%s)",
				checkkit.Commas(want.Runs), checkkit.Commas(got.Runs), checkkit.Plural(len(got.Runs), "run"))
		}
	})
}
