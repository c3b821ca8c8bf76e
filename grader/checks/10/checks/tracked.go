package checks

import (
	"encoding/json"
	"fmt"

	"harnesslab/grader/checkkit"
	"harnesslab/grader/checks/10/play"
	"harnesslab/lab"
)

// readPaths are the paths check 1.1 reads in f's workspace: the file, a file
// that is not there, and the other file.
func readPaths(f files) []string { return []string{f.path, f.path + ".bak", f.other} }

// readsScenario is the scenario of tracked_read_unchanged: per run, the
// workspace and the three reads.
func readsScenario() any {
	sets := make([]checkkit.Data[play.Reads], len(runs))
	for k, run := range runs {
		sets[k] = checkkit.Data[play.Reads]{Name: run.Name, Data: play.Reads{Files: startOf(run.Data), Paths: readPaths(run.Data)}}
	}
	return sets
}

// judgeTrackedReadUnchanged: the tracked read tool is the read tool, as the
// model is told about it, and gives the read tool's results, one read of the
// workspace per call.
func judgeTrackedReadUnchanged(c *checkkit.C, yours, ref checkkit.Observed) {
	checkkit.EachScenario(c, runs, func(k int, f files) {
		ws := lab.NewWorkspace(startOf(f))
		spec := checkkit.Get[lab.Spec](c, ref, play.SpecKey(k))
		if d := checkkit.Differences(asRecorded(checkkit.SpecOf(checkkit.ReadTool(ws))), spec); len(d) > 0 {
			c.KitFatalf("the reference's Track changed the read tool's spec: %v", d)
		}
		c.Equal("Track changed what the model is told about the read tool (its name, description or parameters).",
			spec, checkkit.Get[lab.Spec](c, yours, play.SpecKey(k)))
		for i, path := range readPaths(f) {
			got := checkkit.Get[play.Read](c, yours, play.ReadKey(k, i))
			want := checkkit.Get[play.Read](c, ref, play.ReadKey(k, i))
			if len(want.Reads) != 1 {
				c.KitFatalf("the reference's tracked read of %s read the workspace %s", path, checkkit.Times(len(want.Reads)))
			}
			if !c.Equal(fmt.Sprintf("The tracked read of %s did not give the read tool's own result.", path), want.Result, got.Result) {
				return
			}
			c.Equal(fmt.Sprintf("The tracked read of %s should read the file exactly once.", path), len(want.Reads), len(got.Reads))
		}
	})
}

// asRecorded is v as a record holds it: written down as JSON and read back,
// so that its lists are []any as a decoded record's are.
func asRecorded[T any](v T) T {
	var out T
	data, err := json.Marshal(v)
	if err == nil {
		err = json.Unmarshal(data, &out)
	}
	if err != nil {
		panic("asRecorded: " + err.Error())
	}
	return out
}
