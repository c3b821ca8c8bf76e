package checks

import (
	"fmt"
	"slices"

	"harnesslab/grader/checkkit"
	"harnesslab/lab"
)

// Lab 1: a policy in code. The checks of Gate, one call at a time through
// the student's RunTool.

// setup is one scenario's tools, guarded: the kit's tools over a fresh
// workspace, counted, handed to the student's Gate with d's policy and
// the person p.
type setup struct {
	ws     *lab.Workspace
	runs   *checkkit.ToolRuns
	tools  []lab.Tool // the caller's tools, as handed to Gate
	policy Policy
	g      Guarded
	gated  []lab.Tool // the gated tools as a recorder sees them; see run
}

// run runs call through the student's RunTool with the gated tools. The
// first run starts a transcript attached to c, and every run of the setup
// is written in it.
func (s *setup) run(c *checkkit.C, call lab.Block) lab.Message {
	if s.gated == nil {
		rec := c.Record("RunTool with the tools Gate returned")
		rec.Watch(s.ws)
		s.gated = rec.Tools(s.g.Tools...)
	}
	return runTool(s.gated, call)
}

// record starts a transcript titled title, attached to c, of a run of model
// with the gated tools over the setup's workspace: hand the student's code
// the model and the tools it returns.
func (s *setup) record(c *checkkit.C, title string, model lab.Model) (lab.Model, []lab.Tool) {
	rec := c.Record(title)
	rec.Watch(s.ws)
	return rec.Model(model), rec.Tools(s.g.Tools...)
}

func guarded(c *checkkit.C, d deployment, p *person) setup {
	return guardedFrom(c, d, p, nil)
}

// guardedFrom is guarded with a log that already holds the entries start.
func guardedFrom(c *checkkit.C, d deployment, p *person, start []Entry) setup {
	s := setup{ws: d.workspace(), runs: &checkkit.ToolRuns{}, policy: d.policy()}
	s.tools = s.runs.Wrap(d.tools(s.ws)...)
	var asker AskFunc
	if p != nil {
		asker = p.ask
	}
	s.g = guard(c, s.tools, s.policy, asker, start)
	return s
}

func guardKeepsTools(c *checkkit.C) {
	checkkit.Scenarios(c, deployments, func(d deployment) {
		p := nobody()
		s := guarded(c, d, p)
		if c.Failed() {
			return
		}
		if !sameLog(c, "Gate itself logs nothing: a line goes into the log when a call is denied or put to a person, "+
			"and no call has come yet.", nil, s.g.Log()) {
			return
		}
		// The caller's own tools stay unguarded: their Execute is the one
		// the caller put there.
		for _, call := range []lab.Block{d.destroyer, d.unlisted} {
			before := len(s.runs.Runs())
			i := indexOf(s.tools, call.Name)
			out, err := s.tools[i].Execute(lab.CloneArgs(call.Arguments))
			if len(s.runs.Runs()) == before || err != nil || out != d.output(call) {
				c.Errorf("After Gate, the caller's own %s tool should still be the one the caller made, unguarded: called "+
					"directly as %s it should run and return %q. It returned %q and the error %v, and ran %s. Gate "+
					"should leave the caller's tools alone and build a new slice of guarded copies.",
					call.Name, describe(call), d.output(call), out, err, checkkit.Times(len(s.runs.Runs())-before))
				return
			}
		}
		sameLog(c, "Calling the caller's own tools directly goes around the gate, so nothing should be logged:", nil, s.g.Log())
		// What Gate hands back is a slice of its own.
		if len(s.g.Tools) > 0 {
			s.g.Tools[0].Description = "changed by the check"
			c.Equal("Gate should hand back a new slice: after the check changed the description of the first tool Gate "+
				"returned, the caller's tools should be as they were.", pristineSpecs(d.tools(d.workspace())),
				checkkit.SpecsOf(s.tools), checkkit.AsSent...)
		}
		if none := S.Gate(nil, d.policy(), p.ask, nil); len(none.Tools) != 0 {
			c.Errorf("Gate(nil, ...) should hand back no tools; it handed back %s.", checkkit.Plural(len(none.Tools), "tool"))
		}
	})
}

func indexOf(tools []lab.Tool, name string) int {
	for i, t := range tools {
		if t.Name == name {
			return i
		}
	}
	panic("checks: no tool called " + name)
}

func deniedCallNeverRuns(c *checkkit.C) {
	checkkit.Scenarios(c, deployments, func(d deployment) {
		p := nobody()
		s := guarded(c, d, p)
		if c.Failed() {
			return
		}
		for k, call := range withIDs(1, d.destroyer, d.unclassed, d.unlisted, d.destroyer) {
			got := s.run(c, call)
			reason := d.reason(call)
			if !c.Equal(fmt.Sprintf("The call %s is denied (%s). It should get one error result saying so, and the model "+
				"should be told not to ask again:", describe(call), reason), denied(call, reason), got) {
				if !got.IsError {
					c.Advise("A denied call's Execute should return the denial as an error, (\"\", fmt.Errorf(...)), not as " +
						"text with a nil error: RunTool turns an error into the result, with Error: in front and IsError set.")
				}
				return
			}
			checkkit.SameToolRuns(c, fmt.Sprintf("A denied call never runs its tool; %s ran.", describe(call)), nil, s.runs)
			sameAsked(c, fmt.Sprintf("A denied call is never put to a person: their yes would turn a deny into an allow. "+
				"The call %s (call %d) was.", describe(call), k+1), nil, p)
			if c.Failed() {
				return
			}
		}
	})
}

func allowedCallUnchanged(c *checkkit.C) {
	checkkit.Scenarios(c, deployments, func(d deployment) {
		p := nobody()
		s := guarded(c, d, p)
		if c.Failed() {
			return
		}
		calls := withIDs(1, d.reader, d.writer, d.missing, d.reader)
		for k, call := range calls {
			got := s.run(c, call)
			want := worked(call, d.output(call))
			what := "runs as if there were no gate, and its result is exactly what its tool returned"
			if call.Name == d.missing.Name && lab.EncodeJSON(call.Arguments) == lab.EncodeJSON(d.missing.Arguments) {
				want = checkkit.ErrorResult(call.ID, call.Name, "Error: "+d.missingError)
				what = "runs, and its tool fails: the error is the tool's own, untouched by the gate"
			}
			if !c.Equal(fmt.Sprintf("The call %s is allowed: it %s.", describe(call), what), want, got) {
				return
			}
			if !checkkit.SameToolRuns(c, fmt.Sprintf("Each allowed call runs its tool once, with exactly the model's arguments "+
				"(after call %d):", k+1), checkkit.RunsOf(calls[:k+1]...), s.runs) {
				return
			}
		}
		sameAsked(c, "An allowed call is never put to a person.", nil, p)
		sameLog(c, "Allowed calls are not logged: the log is for calls the policy stopped or sent to a person.", nil, s.g.Log())
	})
}

func denialsLogged(c *checkkit.C) {
	checkkit.Scenarios(c, deployments, func(d deployment) {
		s := guarded(c, d, nobody())
		if c.Failed() {
			return
		}
		calls := withIDs(1, d.reader, d.destroyer, d.writer, d.unclassed, d.unlisted, d.destroyer)
		var want []Entry
		for _, call := range calls {
			s.run(c, call)
			if r := d.reason(call); r != "" {
				want = append(want, logged(call, deny, r, false))
			}
		}
		if !sameLog(c, "Every denied call should be logged once, in the order the calls came, with the tool, the call's "+
			"arguments, the verdict deny and the reason; allowed calls are not logged. The calls were "+
			showCalls(calls)+".", want, s.g.Log()) {
			return
		}
		// A second gate keeps a log of its own, one that already holds the
		// lines of an earlier run: Gate adds to the log it is given.
		earlier := []Entry{logged(d.sender, ask, d.reason(d.sender), true), logged(d.unclassed, deny, d.reason(d.unclassed), false)}
		other := guardedFrom(c, d, nobody(), earlier)
		if c.Failed() {
			return
		}
		call := d.unlisted.WithID("c7")
		other.run(c, call)
		sameLog(c, "A second Gate was handed a log of its own that already held two lines from an earlier run, then "+
			"denied one call "+describe(call)+". Gate adds to the log it is given: the earlier lines stay as they were, "+
			"in order, and the new one comes after them.",
			append(slices.Clone(earlier), logged(call, deny, d.reason(call), false)), other.g.Log())
		sameLog(c, "The first Gate's log should not change when a second Gate denies a call.", want, s.g.Log())
	})
}

// showCalls writes calls one after the other.
func showCalls(calls []lab.Block) string {
	shown := make([]string, len(calls))
	for i, call := range calls {
		shown[i] = describe(call)
	}
	return checkkit.Commas(shown)
}
