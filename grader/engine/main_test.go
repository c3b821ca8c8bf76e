package engine

import (
	"encoding/json"
	"fmt"
	"harnesslab/grader/results"
	"os"
	"path/filepath"
	"runtime/debug"
	"strings"
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
	RunnerInit()
	if os.Getenv(envFakeProgram) != "" {
		if os.Args[1] == "forges" {
			forge(os.Args[2])
		} else {
			fakeCheckProgram(os.Args[1])
		}
		os.Exit(0)
	}
	os.Exit(m.Run())
}

// fakeCheckProgram behaves as a check program would for check name: it
// passes, hangs in a loop, or sleeps in a wait that never ends.
func fakeCheckProgram(name string) {
	switch name {
	case "passes":
		pass(name)
	case "hangs":
		stuckForever()
	case "peeks": // passes only when it can read none of the files it is given
		var seen []string
		for _, p := range strings.Split(os.Getenv(envPeek), "\n") {
			if _, err := os.ReadFile(p); p != "" && err == nil {
				seen = append(seen, "read "+p)
			}
		}
		verdict(name, seen)
	case "spins":
		spinForever()
	case "waits":
		time.Sleep(time.Hour)
	case "overflows":
		debug.SetMaxStack(1 << 20)
		fmt.Println(recurseForever(0))
	case "holds": // keeps the "held" mark in the shared folder for a while, then passes
		mark := filepath.Join(os.Getenv(envShared), "held")
		os.WriteFile(mark, nil, 0o600)
		time.Sleep(700 * time.Millisecond)
		os.Remove(mark)
		pass(name)
	case "deadlocks": // times out by its own verdict, soon, as a check program waiting on itself does
		time.Sleep(100 * time.Millisecond)
		v := checkkit.Verdict{Nonce: os.Getenv(checkkit.EnvNonce), Check: name, Kind: results.KindTimeout,
			Failures: []string{"timed out: the check did not finish within its limit"}}
		data, _ := json.Marshal(v)
		os.WriteFile(os.Getenv(checkkit.EnvVerdict), data, 0o600)
	case "shy": // hangs when it starts while "holds" runs, passes alone
		time.Sleep(200 * time.Millisecond)
		if _, err := os.Stat(filepath.Join(os.Getenv(envShared), "held")); err == nil {
			stuckForever()
		}
		pass(name)
	default:
		fmt.Fprintln(os.Stderr, "no such fake check:", name)
		os.Exit(2)
	}
}

// pass writes a passing verdict for check name.
func pass(name string) { verdict(name, nil) }

// verdict writes the verdict of check name: failed with failures, if any.
func verdict(name string, failures []string) {
	v := checkkit.Verdict{Nonce: os.Getenv(checkkit.EnvNonce), Check: name, Passed: len(failures) == 0, Failures: failures}
	if !v.Passed {
		v.Kind = results.KindFailed
	}
	data, _ := json.Marshal(v)
	if err := os.WriteFile(os.Getenv(checkkit.EnvVerdict), data, 0o600); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(3)
	}
}

// envPeek lists, one a line, the files the fake check "peeks" tries to read.
const envPeek = "GRADER_TEST_PEEK"

// envShared names a folder the fake checks of one test share.
const envShared = "GRADER_TEST_SHARED"

// spinForever is a busy loop that never ends.
//
//go:noinline
func spinForever() {
	for n := 0; ; n++ {
	}
}

// recurseForever is a recursion without end.
//
//lint:ignore SA5007 the test needs a stack that overflows
//go:noinline
func recurseForever(n int) int { return recurseForever(n+1) + 1 }

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
