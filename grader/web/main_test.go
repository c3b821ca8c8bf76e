package web

import (
	"os"
	"testing"

	"harnesslab/grader"
	"harnesslab/grader/sandbox"
)

// TestMain calls sandbox.Init and grader.RunnerInit first, as every program
// that checks a student's copy must ("Check my work" builds and runs the
// check program through the sandbox).
func TestMain(m *testing.M) {
	sandbox.Init()
	grader.RunnerInit()
	code := m.Run()
	removeClone()
	os.Exit(code)
}
