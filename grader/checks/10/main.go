// Command 10 is the player of lesson 10, "Edits that don't clobber". It is
// built together with the student's files, and plays one check's scenario per
// run, recording what the student's code did for the judge
// (grader/checks/10/judge), which decides:
//
//	LABRUN_SCENARIO=scenario.json 10 edit_replaces_one_place
package main

import (
	"harnesslab/grader/checkkit"
	"harnesslab/grader/checks/10/play"
	harness "harnesslab/lessons/10-edits-that-dont-clobber"
)

func main() {
	play.S = play.Adapt(harness.NewEdits, harness.RunTool, harness.Chat)
	checkkit.Main(play.Plays)
}
