package checks

import (
	"fmt"
	"maps"
	"slices"

	"pgregory.net/rapid"

	"harnesslab/grader/checkkit"
	"harnesslab/grader/checks/05/play"
	"harnesslab/lab"
)

// Generated calls for RunTool, the read tool and InWorkspace: paths with ..
// as a part or inside a name, from the root, empty, in mixed case and in
// several alphabets; path arguments that are no string; limits in every Go
// number type, past a million and past 2^63, in quotes, with extra
// properties and missing ones. The student's code must answer each call and
// each path with the reference's words, and read the files the reference
// reads.

// generatedCallCount is how many worlds the check plays, in two data sets.
const generatedCallCount = 80

// genPaths are the paths generated calls and questions name.
var genPaths = []string{"config.py", "Config.PY", "notes/a.md", "données/été.txt", "東京/地図.txt", "../deploy/prod.env", "/etc/passwd",
	"", "..", "...", "..notes.md", "notes..md", "a/..", "a/../config.py", "./config.py", "docs/..hidden/a.md", "a//b.txt",
	"src/../../secrets.txt", "..\\win.ini", " ../x", "NOTES/A.MD", "/", "a/b/c.txt"}

// callGen generates one world: files, and one to five calls of the read
// tool, the search tool or a tool that does not exist; and paths for
// InWorkspace.
var callGen = rapid.Custom(func(t *rapid.T) play.Calls {
	d := newDraw(t)
	w := play.Calls{Files: map[string]string{}, Tools: []string{"read", "search_reports"}, Calls: []play.Call{}, Paths: []string{}}
	for _, p := range genPaths {
		if p != "" && d.chance(0.4) {
			w.Files[p] = "text of " + p + "\n"
		}
	}
	for i := range 1 + d.intn(5) {
		id := fmt.Sprintf("g%d", i+1)
		switch d.intn(8) {
		case 0, 1, 2:
			w.Calls = append(w.Calls, callOf(id, "read", lab.Args{"path": pickOf(d, genPaths)}))
		case 3:
			args := lab.Args{"path": pickOf(d, []any{7, float32(1.5), nil, true, []any{"a.md"}, lab.Args{}, uint64(1) << 63})}
			if d.chance(0.3) {
				args = lab.Args{"file": pickOf(d, genPaths)}
			}
			w.Calls = append(w.Calls, callOf(id, "read", args))
		case 4, 5, 6:
			args := lab.Args{"query": pickOf(d, genWords)}
			if d.chance(0.8) {
				args["limit"] = pickOf(d, []any{d.number(), d.number(), "20", 50, 51, 1, 0, float32(50), 49.5})
			}
			if d.chance(0.15) {
				args[pickOf(d, []string{"Limit", "QUERY", "sort", "café"})] = "x"
			}
			if d.chance(0.1) {
				delete(args, "query")
			}
			if d.chance(0.05) {
				args = nil
			}
			w.Calls = append(w.Calls, callOf(id, "search_reports", args))
		default:
			w.Calls = append(w.Calls, callOf(id, "fetch", lab.Args{"url": pickOf(d, genPaths)}))
		}
	}
	for range d.intn(6) {
		w.Paths = append(w.Paths, pickOf(d, genPaths))
	}
	return w
})

// generatedCallSets are the generated worlds, smallest first, in two data
// sets.
func generatedCallSets() []checkkit.Data[[]play.Calls] {
	all := make([]play.Calls, generatedCallCount)
	for seed := range all {
		all[seed] = callGen.Example(seed)
	}
	size := func(w play.Calls) int { return len(w.Calls) + len(w.Paths) }
	slices.SortStableFunc(all, func(a, b play.Calls) int { return size(a) - size(b) })
	sets := []checkkit.Data[[]play.Calls]{{Name: "generated calls, smallest first"}, {Name: "more generated calls, smallest first"}}
	for i, w := range all {
		w.What = fmt.Sprintf("Generated world %d (%s, %s)", i/2+1, checkkit.Plural(len(w.Calls), "call"), checkkit.Plural(len(w.Paths), "path"))
		sets[i%2].Data = append(sets[i%2].Data, w)
	}
	return sets
}

func generatedCalls() any { return generatedCallSets() }

func judgeGeneratedCalls(c *checkkit.C, yours, ref checkkit.Observed) {
	checkkit.EachScenario(c, generatedCallSets(), func(k int, worlds []play.Calls) {
		for i, w := range worlds {
			got, want := both[play.CallsRun](c, yours, ref, k, i)
			if len(want.Calls) != len(w.Calls) || len(want.Paths) != len(w.Paths) {
				c.KitFatalf("%s: the reference's record holds %d calls and %d paths", w.What, len(want.Calls), len(w.Paths))
			}
			for n, call := range w.Calls {
				b := call.Block()
				if r := want.Calls[n].Result; r.Role != lab.RoleToolResult || r.ToolCallID != b.ID {
					c.KitFatalf("%s: the reference answered %s with %s", w.What, describe(b), lab.EncodeJSON(r))
				}
				if n >= len(got.Calls) {
					c.Fatalf("%s: RunTool recorded no result for %s", w.What, describe(b))
				}
				argsKept(c, b, got.Calls[n], want.Calls[n])
				c.Equal(fmt.Sprintf("%s, call %d: RunTool(tools, %s) should return", w.What, n+1, describe(b)), want.Calls[n].Result, got.Calls[n].Result)
				sameRuns(c, fmt.Sprintf("%s, call %d: for %s the tools should run", w.What, n+1, describe(b)), want.Calls[n].Runs, got.Calls[n].Runs)
				if c.Failed() {
					c.Logf("%s: the workspace holds %s", w.What, checkkit.Commas(quoted(slices.Sorted(maps.Keys(w.Files)))))
					return
				}
			}
			if checkkit.Commas(want.Reads) != checkkit.Commas(got.Reads) || len(want.Reads) != len(got.Reads) {
				c.Errorf("%s: the files read should be:\n  expected reads: %s\n  got reads:      %s", w.What, checkkit.Commas(want.Reads), checkkit.Commas(got.Reads))
			}
			for n, p := range w.Paths {
				if n >= len(got.Paths) || !sameAnswer(got.Paths[n], want.Paths[n]) {
					gotWords := "nothing"
					if n < len(got.Paths) {
						gotWords = pathVerdict(got.Paths[n])
					}
					c.Errorf("%s: InWorkspace(%q):\n  expected: %s\n  got:      %s", w.What, p, pathVerdict(want.Paths[n]), gotWords)
				}
			}
			if c.Failed() {
				c.Logf("%s: the workspace holds %s", w.What, checkkit.Commas(quoted(slices.Sorted(maps.Keys(w.Files)))))
				return
			}
		}
	})
}

// quoted writes each of items in Go quotes, so empty and blank names show.
func quoted(items []string) []string {
	out := make([]string, len(items))
	for i, s := range items {
		out[i] = fmt.Sprintf("%q", s)
	}
	return out
}
