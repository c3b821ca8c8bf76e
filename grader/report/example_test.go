package report_test

import (
	"os"

	"harnesslab/grader/report"
	"harnesslab/grader/results"
)

func ExampleWriteSummary() {
	all := []results.Result{
		{Name: "bob", Lesson: "02", Status: results.StatusFailed, Score: 1.5, MaxScore: 6},
		{Name: "alice", Lesson: "02", Status: results.StatusPassed, Score: 6, MaxScore: 6},
		{Name: "carol", Lesson: "02", Status: results.StatusNoCompile, MaxScore: 6},
	}
	if err := report.WriteSummary(os.Stdout, all); err != nil {
		panic(err)
	}
	// Output:
	// SUBMISSION  SCORE  MAX  STATUS
	// alice       6      6    passed
	// bob         1.5    6    failed
	// carol       0      6    nocompile
	//
	// 3 submissions: 1 passed, 1 failed, 1 nocompile. Mean score 2.5 of 6.
}
