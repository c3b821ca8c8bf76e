package grader

import (
	"os"
	"testing"

	"harnesslab/grader/sandbox"
)

// TestMain calls sandbox.Init first, as every program that builds check
// programs must: the compiler and the linker run through the sandbox.
func TestMain(m *testing.M) {
	sandbox.Init()
	os.Exit(m.Run())
}
