// Command 12 is the check program of lesson 12, "Sending less". It is built
// together with the student's files and runs one check per call:
//
//	12 trim_fits_budget
package main

import (
	"harnesslab/grader/checkkit"
	"harnesslab/grader/checks/12/checks"
	harness "harnesslab/lessons/12-sending-less"
)

func main() {
	checks.S = checks.Student{
		RequestTokens: harness.RequestTokens,
		Trim:          harness.Trim,
		Compact:       harness.Compact,
		Repair:        harness.Repair,
	}
	checkkit.Main(checks.Checks)
}
