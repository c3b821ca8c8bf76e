// Command 02 is the check program of lesson 02, "The model can only talk". The
// grader compiles it together with a student's harness.go and runs it once per
// check, as `02 NAME`.
package main

import (
	"harnesslab/grader/checkkit"
	"harnesslab/grader/checks/02/checks"
	harness "harnesslab/lessons/02-model-can-only-talk"
)

func main() {
	checks.S = checks.Student{
		ToolCalls: harness.ToolCalls,
		RunTool:   harness.RunTool,
		Chat:      harness.Chat,
	}
	checkkit.Main(checks.Checks)
}
