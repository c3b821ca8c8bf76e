package engine

import (
	"encoding/json"
	"fmt"
	"os"
	"testing"
	"time"

	"harnesslab/grader"
	"harnesslab/grader/checkkit"
	"harnesslab/grader/sandbox"
)

// envFakeProgram makes the test binary a stand-in check program.
const envFakeProgram = "GRADER_TEST_FAKE_CHECK_PROGRAM"

// TestMain calls sandbox.Init first, as every program that builds check
// programs must (the compiler and the linker run through the sandbox), and
// makes the test binary a stand-in check program when asked to.
func TestMain(m *testing.M) {
	sandbox.Init()
	if os.Getenv(envFakeProgram) != "" {
		fakeCheckProgram(os.Args[1])
		os.Exit(0)
	}
	os.Exit(m.Run())
}

// fakeCheckProgram behaves as a check program would for check name: it
// passes, hangs in a loop, or sleeps in a wait that never ends.
func fakeCheckProgram(name string) {
	switch name {
	case "passes":
		v := checkkit.Verdict{Nonce: os.Getenv(checkkit.EnvNonce), Check: name, Passed: true}
		data, _ := json.Marshal(v)
		if err := os.WriteFile(os.Getenv(checkkit.EnvVerdict), data, 0o600); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(3)
		}
	case "hangs":
		stuckForever()
	default:
		fmt.Fprintln(os.Stderr, "no such fake check:", name)
		os.Exit(2)
	}
}

// stuckForever is a loop that never ends, by name, for the stacks to show.
//
//go:noinline
func stuckForever() {
	for {
		time.Sleep(time.Millisecond)
	}
}

// fakeEnv is the environment that makes the test binary a fake check program.
func fakeEnv(req *checkRequest) []string {
	return append(req.env(Options{CheckTimeout: time.Minute}, true), envFakeProgram+"=1")
}

// solutionDir returns the folder of l's generated reference solution.
func solutionDir(t testing.TB, l *grader.Lesson) string {
	t.Helper()
	dir, err := l.SolutionDir()
	if err != nil {
		t.Fatal(err)
	}
	return dir
}
