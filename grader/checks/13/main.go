// Command 13 is the check program of lesson 13, "Ending with data". It is
// built together with the student's files and runs one check per call:
//
//	13 result_from_arguments
package main

import (
	"harnesslab/grader/checkkit"
	"harnesslab/grader/checks/13/checks"
	"harnesslab/lab"
	harness "harnesslab/lessons/13-ending-with-data"
)

func main() {
	checks.S = checks.Student{
		RunTask: func(model lab.Model, messages []lab.Message, text string, tools []lab.Tool) ([]lab.Message, checks.Final) {
			messages, final := harness.RunTask(model, messages, text, tools)
			return messages, checks.Final{Ending: string(final.Ending), Summary: final.Summary,
				FilesChanged: final.FilesChanged, TestsPassed: final.TestsPassed, Problem: final.Problem}
		},
		CheckClaim: harness.CheckClaim,
	}
	checkkit.Main(checks.Checks)
}
