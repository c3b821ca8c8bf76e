package checks

import (
	"errors"
	"fmt"
	"strings"

	"harnesslab/grader/checkkit"
	"harnesslab/lab"
)

// Lab 1: keep it. What KeepBigOutputs does around the tools.

// runs is the data of a scenario around the go_test tool: the outputs of
// its packages, and the packages to test, in order.
type runs struct {
	outputs map[string]string
	order   []string
	before  map[string]string // files already in the workspace
	after   map[string]string // files written into it after wrapping, before the first run
}

// theRuns are two sets of test runs, big and small, among them one of 21
// lines whose last has no "\n" (still big).
var theRuns = []checkkit.Data[runs]{
	{Name: "billing, util, mail (21 lines, the last with no \"\\n\") and auth", Data: runs{
		outputs: map[string]string{
			"shop/billing": testRun("shop/billing", 1227, map[int]string{250: "got 200, want 401", 512: "got 9.99, want 10.00"}),
			"shop/util":    "=== RUN   TestTrim\n--- PASS: TestTrim (0.00s)\nPASS\nok  \tshop/util\t0.004s\n",
			"shop/mail":    strings.TrimSuffix(testRun("shop/mail", 21, map[int]string{2: "smtp refused the message"}), "\n"),
			"shop/auth":    testRun("shop/auth", 64, map[int]string{7: "token accepted after expiry"}),
		},
		order: []string{"shop/billing", "shop/util", "shop/mail", "shop/auth"},
	}},
	{Name: "cart, a package of exactly 20 lines, and search (21 lines, the last with no \"\\n\")", Data: runs{
		outputs: map[string]string{
			"shop/cart":   testRun("shop/cart", 845, map[int]string{100: "coupon applied twice"}),
			"shop/tiny":   testRun("shop/tiny", 20, nil),
			"shop/search": strings.TrimSuffix(testRun("shop/search", 21, nil), "\n"),
		},
		order: []string{"shop/cart", "shop/tiny", "shop/search"},
	}},
}

// keepRuns wraps the go_test tool of r with the student's KeepBigOutputs
// over a workspace holding r.before, runs each package of r.order in turn,
// and checks every output: a big one is kept whole at the next free path and
// previewed, a small one comes back as it is. It returns the workspace.
func keepRuns(c *checkkit.C, r runs, sentence string) *lab.Workspace {
	ws := lab.NewWorkspace(r.before)
	var count checkkit.ToolRuns
	tools := S.KeepBigOutputs(count.Wrap(testTool(r.outputs)), ws)
	c.Must(len(tools) == 1, "KeepBigOutputs was given one tool and returned %s: it should return one wrapped copy of each tool, in order.",
		checkkit.Plural(len(tools), "tool"))
	for path, text := range r.after {
		ws.WriteText(path, text)
	}
	written := len(ws.Writes())
	rec := c.Record("go_test through KeepBigOutputs, one package after another")
	rec.Watch(ws)
	tools = rec.Tools(tools...)
	// However the runs end, the files that were there before them are as they were.
	defer func() {
		for path, text := range r.before {
			if now, _ := ws.Peek(path); now != text {
				c.Errorf("%s was in the workspace before the runs, and it has been changed: a kept output must never "+
					"replace a file that is there. Skip to the next path that holds nothing.", path)
			}
		}
		for path, text := range r.after {
			if now, _ := ws.Peek(path); now != text {
				c.Errorf("%s was written to the workspace after KeepBigOutputs wrapped the tools, before the first run, and "+
					"a kept output has replaced it. Look at which paths are taken each time an output is kept, not once "+
					"when the tools are wrapped.", path)
			}
		}
	}()
	taken := map[string]bool{}
	for path := range r.before {
		taken[path] = true
	}
	for path := range r.after {
		taken[path] = true
	}
	next := 0
	var wantWrites []string
	for _, pkg := range r.order {
		output := r.outputs[pkg]
		got, err := tools[0].Execute(lab.Args{"package": pkg})
		want, where := output, ""
		if len(lines(output)) > headLines+tailLines {
			for next++; taken[artifact(next)]; next++ {
			}
			where = artifact(next)
			taken[where] = true
			wantWrites = append(wantWrites, where)
			want = preview(output, where)
		}
		if err != nil {
			c.Fatalf("go_test(%s) works and returns %s; through KeepBigOutputs it returned %s.", pkg,
				checkkit.Plural(len(lines(output)), "line"), errText(err))
		}
		what := fmt.Sprintf("go_test(%s) printed %s, which is small: it should come back unchanged.", pkg, checkkit.Plural(len(lines(output)), "line"))
		if where != "" {
			what = fmt.Sprintf("go_test(%s) printed %s. %s It should come back as the preview of that output, kept in %s.",
				pkg, checkkit.Plural(len(lines(output)), "line"), sentence, where)
		}
		if !sameText(c, what, want, got) {
			return ws
		}
		if where != "" {
			kept, ok := ws.Peek(where)
			switch {
			case !ok:
				c.Fatalf("go_test(%s) printed %s, so the whole output should be kept in the workspace at %s; "+
					"there is no file there. The workspace holds: %s.", pkg, checkkit.Plural(len(lines(output)), "line"), where, checkkit.Commas(ws.Paths()))
			case kept != output:
				sameText(c, fmt.Sprintf("%s should hold the whole output of go_test(%s), byte for byte: nothing may be lost.", where, pkg), output, kept)
				return ws
			}
		}
	}
	checkkit.SameRuns(c, "go_test should run once for each package, in order:", repeat("go_test", len(r.order)), &count)
	if got := ws.Writes()[written:]; checkkit.Commas(got) != checkkit.Commas(wantWrites) {
		c.Errorf("Only the big outputs should be written to the workspace, once each, in order.\n  expected writes: %s\n  got writes:      %s",
			checkkit.Commas(wantWrites), checkkit.Commas(got))
	}
	return ws
}

// repeat returns n copies of s.
func repeat(s string, n int) []string {
	out := make([]string, n)
	for i := range out {
		out[i] = s
	}
	return out
}

func fullOutputKeptWhole(c *checkkit.C) {
	checkkit.Scenarios(c, theRuns, func(r runs) {
		keepRuns(c, r, "Its whole output should be kept in the workspace, at the next artifact path.")
	})
}

func artifactNeverOverwrites(c *checkkit.C) {
	sets := make([]checkkit.Data[runs], len(theRuns))
	for i, set := range theRuns {
		set.Data.before = map[string]string{"outputs/1.log": "yesterday's run\n", "outputs/3.log": "an older run\n", "go.mod": "module shop\n"}
		set.Data.after = map[string]string{"outputs/2.log": "a run kept by hand after the tools were wrapped\n"}
		if i == 1 {
			set.Data.before = map[string]string{"outputs/1.log": "a run kept by hand\n", "outputs/2.log": numbered("", 30), "notes.md": "# notes\n"}
			set.Data.after = map[string]string{"outputs/3.log": "saved by another tool\n", "outputs/5.log": "saved later still\n"}
		}
		set.Name += ", with kept outputs already in the workspace, some written after wrapping"
		sets[i] = set
	}
	checkkit.Scenarios(c, sets, func(r runs) {
		keepRuns(c, r, fmt.Sprintf("The workspace held %s when KeepBigOutputs wrapped the tools, and after that it got "+
			"%s too, so the whole output goes to the first outputs/N.log that holds nothing now.",
			checkkit.List(sortedKeys(r.before)), checkkit.List(sortedKeys(r.after))))
	})
}

// sortedKeys returns the paths of files, sorted.
func sortedKeys(files map[string]string) []string {
	return lab.NewWorkspace(files).Paths()
}

func callerToolsUnchanged(c *checkkit.C) {
	checkkit.Scenarios(c, theRuns, func(r runs) {
		ws := lab.NewWorkspace(nil)
		read := checkkit.ReadTool(ws)
		tools := []lab.Tool{read, testTool(r.outputs)}
		pristine := checkkit.SpecsOf([]lab.Tool{checkkit.ReadTool(ws), testTool(r.outputs)})
		wrapped := S.KeepBigOutputs(tools, ws)
		c.Equal("KeepBigOutputs should return one copy of each tool it was given, in order, described exactly as before:",
			pristine, checkkit.SpecsOf(wrapped))
		c.Equal("KeepBigOutputs should leave the caller's list of tools as it was:", pristine, checkkit.SpecsOf(tools))
		big := r.order[0]
		out, err := tools[1].Execute(lab.Args{"package": big})
		if out != r.outputs[big] || err != nil {
			c.Errorf("After KeepBigOutputs, the caller's own go_test tool (not the copy) should still return the whole "+
				"output of %s (%s) and no error; it returned %s and %s. Wrap copies of the tools, not the tools the caller handed you.",
				big, checkkit.Plural(len(lines(r.outputs[big])), "line"), checkkit.Plural(len(lines(out)), "line"), errText(err))
		}
		if got := ws.Writes(); len(got) > 0 {
			c.Errorf("Running the caller's own tool should write nothing; the workspace got writes to %s.", checkkit.Commas(got))
		}
		// The caller's list is the caller's: replacing a tool in it afterwards
		// must not change the copies already handed out.
		tools[1] = lab.Tool{Name: "go_test", Description: "Another tool.", Execute: func(lab.Args) (string, error) { return "replaced\n", nil }}
		if got, _ := wrapped[1].Execute(lab.Args{"package": big}); got == "replaced\n" {
			c.Errorf("After KeepBigOutputs returned, the caller put another tool in its own list. The wrapped copy of go_test "+
				"should still run the go_test it was made from, and test %s; it ran the new tool instead, which returned %q. "+
				"Keep the tool's Execute in a variable of the copy, rather than looking it up in the caller's list each time.",
				big, got)
		}
		if c.Failed() {
			return
		}
		// A second set of wrapped tools over a fresh workspace counts from 1 again.
		fresh := lab.NewWorkspace(nil)
		again := S.KeepBigOutputs([]lab.Tool{testTool(r.outputs)}, fresh)
		if len(again) != 1 {
			c.Fatalf("KeepBigOutputs was given one tool and returned %s.", checkkit.Plural(len(again), "tool"))
		}
		again[0].Execute(lab.Args{"package": big})
		if got := fresh.Paths(); checkkit.Commas(got) != artifact(1) {
			c.Errorf("A second call of KeepBigOutputs, over a new and empty workspace, should keep its first big output "+
				"at %s; the workspace now holds %s. Count the outputs kept by one call of KeepBigOutputs, not by the whole program.",
				artifact(1), checkkit.Commas(got))
		}
	})
}

func failuresPassThrough(c *checkkit.C) {
	type failing struct {
		text string // what the tool returns beside its error
		err  string
	}
	checkkit.Scenarios(c, []checkkit.Data[failing]{
		{Name: "a build that fails after printing 300 lines", Data: failing{numbered("compiling ", 300), "exit status 2"}},
		{Name: "a test run that times out after 45 lines", Data: failing{testRun("shop/slow", 45, nil), "killed after 60s"}},
	}, func(f failing) {
		ws := lab.NewWorkspace(nil)
		tool := lab.Tool{Name: "build", Description: "Build the module.",
			Parameters: lab.Schema{"type": "object", "properties": lab.Schema{}, "required": []string{}},
			Execute:    func(lab.Args) (string, error) { return f.text, errors.New(f.err) }}
		wrapped := S.KeepBigOutputs([]lab.Tool{tool}, ws)
		c.Must(len(wrapped) == 1, "KeepBigOutputs was given one tool and returned %s.", checkkit.Plural(len(wrapped), "tool"))
		got, err := c.Record("a failing build through KeepBigOutputs").Tools(wrapped[0])[0].Execute(lab.Args{})
		if err == nil || err.Error() != f.err || got != f.text {
			c.Errorf("A tool that fails should come back exactly as it failed: the build tool returned %s of text and "+
				"the error %q; through KeepBigOutputs it returned %s of text and %s. Only an output that worked is cut and kept.",
				checkkit.Plural(len(lines(f.text)), "line"), f.err, checkkit.Plural(len(lines(got)), "line"), errText(err))
		}
		if w := ws.Writes(); len(w) > 0 {
			c.Errorf("A tool that failed should leave nothing in the workspace; it got writes to %s.", strings.Join(w, ", "))
		}
	})
}
