//go:build linux

package sandbox

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"sync"
	"testing"
	"time"
)

// TestMain calls Init first, as every binary that calls Run must: the test
// binary is what Run re-executes to set the limits.
func TestMain(m *testing.M) {
	Init()
	code := m.Run()
	if helperDir != "" {
		os.RemoveAll(helperDir)
	}
	os.Exit(code)
}

var (
	helperOnce sync.Once
	helperDir  string // holds the helper binary, built once per test run
	helperErr  error
)

// helper returns the path of testdata/helper, built on first use.
func helper(t *testing.T) string {
	t.Helper()
	helperOnce.Do(func() {
		if helperDir, helperErr = os.MkdirTemp("", "sandbox-helper-"); helperErr != nil {
			return
		}
		out, err := exec.Command("go", "build", "-buildvcs=false", "-o", filepath.Join(helperDir, "helper"), "./testdata/helper").CombinedOutput()
		if err != nil {
			helperErr = fmt.Errorf("go build ./testdata/helper: %v\n%s", err, out)
		}
	})
	if helperErr != nil {
		t.Fatal(helperErr)
	}
	return filepath.Join(helperDir, "helper")
}

// mode is one way to run the tests: under bwrap or in the fallback.
type mode struct {
	name     string
	fallback bool
}

// forEachMode runs f as a subtest in each mode, skipping bwrap where it does
// not work.
func forEachMode(t *testing.T, f func(t *testing.T, m mode)) {
	t.Helper()
	for _, m := range []mode{{ModeBwrap, false}, {ModeRlimit, true}} {
		t.Run(m.name, func(t *testing.T) {
			if !m.fallback {
				skipWithoutBwrap(t)
			}
			f(t, m)
		})
	}
}

// skipWithoutBwrap skips the test, saying why, where bwrap does not work.
func skipWithoutBwrap(t *testing.T) {
	t.Helper()
	if got, warning := Mode(); got != ModeBwrap {
		t.Skipf("bwrap is not usable here (mode %s): %s", got, warning)
	}
}

// config is a Config for a test: a fresh Dir, the helper visible, a short
// PATH, a timeout far above what any test needs.
func config(t *testing.T, m mode) Config {
	helper(t)
	return Config{
		Dir:      t.TempDir(),
		ReadOnly: []string{helperDir},
		Env:      []string{"PATH=/usr/bin:/bin", "LANG=C"},
		Timeout:  20 * time.Second,
		Fallback: m.fallback,
	}
}

// processesWith returns the pids of processes whose command line holds
// mark, waiting up to two seconds for killed ones to go.
func processesWith(t *testing.T, mark string) []int {
	t.Helper()
	var pids []int
	for deadline := time.Now().Add(2 * time.Second); ; time.Sleep(20 * time.Millisecond) {
		pids = pids[:0]
		entries, err := os.ReadDir("/proc")
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range entries {
			pid, err := strconv.Atoi(e.Name())
			if err != nil || pid == os.Getpid() {
				continue
			}
			cmdline, err := os.ReadFile(filepath.Join("/proc", e.Name(), "cmdline"))
			if err == nil && bytes.Contains(cmdline, []byte(mark)) {
				pids = append(pids, pid)
			}
		}
		if len(pids) == 0 || time.Now().After(deadline) {
			return pids
		}
	}
}

// uniqueMark is a string to find a test's processes by.
func uniqueMark() string {
	return fmt.Sprintf("sandbox-mark-%d-%d", os.Getpid(), time.Now().UnixNano())
}
