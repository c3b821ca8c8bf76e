package web

import (
	"os"
	"testing"

	"harnesslab/grader/engine"
	"harnesslab/grader/sandbox"
)

// TestMain calls sandbox.Init and engine.RunnerInit first, as every program
// that checks a student's copy must ("Check my work" builds and runs the
// check program through the sandbox).
func TestMain(m *testing.M) {
	sandbox.Init()
	engine.RunnerInit()
	code := m.Run()
	removeClone()
	os.Exit(code)
}
