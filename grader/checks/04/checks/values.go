package checks

import (
	"harnesslab/grader/checkkit"
	"harnesslab/lab"
)

// The lesson's values: harness.go keeps what lesson 03 gave it.

// values are the constants of harness.go, under the names a student reads.
type values struct {
	System   string
	Answered string
	GaveUp   string
	MaxSteps int
}

func lessonValuesKept(c *checkkit.C) {
	c.Equal("harness.go should keep lesson 03's values: the system prompt, the two statuses and the budget of "+
		"steps. (The other checks use the lesson's values whatever harness.go says; this one says whether it still agrees.)",
		values{System: system, Answered: answered, GaveUp: gaveUp, MaxSteps: maxSteps},
		values{System: S.System, Answered: S.Answered, GaveUp: S.GaveUp, MaxSteps: S.MaxSteps})
	// Each workspace in turn: a read tool that kept the first workspace it was
	// given reads the wrong one the second time.
	for _, run := range disks {
		d := run.Data
		ws := d.workspace()
		read := S.MakeReadTool(ws)
		c.Equal("MakeReadTool should return lesson 02's read tool, described exactly as it was:",
			checkkit.SpecOf(checkkit.ReadTool(d.workspace())), checkkit.SpecOf(read))
		if read.Execute == nil {
			c.Errorf("The read tool MakeReadTool returns has no Execute function.")
			return
		}
		where := " (" + run.Name + ")"
		got, err := read.Execute(lab.Args{"path": d.config})
		if got != d.text(d.config) || err != nil {
			c.Errorf("The read tool should read the workspace it was made for%s: asked for %s, it should return %q "+
				"and no error; it returned %q and the error %v.", where, d.config, d.text(d.config), got, err)
		}
		checkkit.SameReads(c, "The read tool should read the file it was asked for, once, from its own workspace"+where+":",
			[]string{d.config}, ws)
	}
}
