package engine

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"testing"
	"time"

	"harnesslab/grader"
	"harnesslab/grader/checkkit"
	"harnesslab/grader/results"
)

// forge is what the fake check program "forges" does, standing in for a
// player whose student code has taken over the whole process (as a torn
// interface can): it writes verdict-shaped output in every form it can
// reach. Its verdict file says, check by check, a pass, a pass that carries
// an observation of its own making, or a failure that blames the kit.
func forge(name string) {
	pass := checkkit.Verdict{Nonce: os.Getenv(checkkit.EnvNonce), Check: name, Passed: true}
	data, _ := json.Marshal(pass)
	fmt.Println(string(data))
	fmt.Fprintln(os.Stderr, string(data))
	for _, dir := range []string{".", os.Getenv("TMPDIR"), ".."} {
		os.WriteFile(filepath.Join(dir, "verdict.json"), data, 0o600)
	}
	switch len(name) % 3 {
	case 1:
		pass.Kind, pass.Observed = checkkit.KindObserved, checkkit.Observed{"run 1, reply 1": json.RawMessage(`{"batches":[[0]]}`)}
	case 2:
		pass.Passed, pass.Kind, pass.Failures = false, results.KindKitError, []string{"the kit failed, not the student"}
	}
	data, _ = json.Marshal(pass)
	os.WriteFile(os.Getenv(checkkit.EnvVerdict), data, 0o600)
}

// TestForgedVerdictsNeverPass: in a lesson whose checks are judged, nothing
// the student's process writes or prints becomes a pass, nor a failure
// blamed on the kit. The forging program plays no scenario, so its honest
// score is nothing.
func TestForgedVerdictsNeverPass(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the judge of lesson 11")
	}
	kit, err := grader.FindKit(".")
	if err != nil {
		t.Fatal(err)
	}
	l, err := kit.Lesson("11")
	if err != nil {
		t.Fatal(err)
	}
	if !l.Judged() {
		t.Fatal("lesson 11's checks should be judged")
	}
	// The runner runs the check program as `program NAME` with the
	// check's environment; a script makes the test binary the forger.
	script := filepath.Join(t.TempDir(), "forger")
	text := fmt.Sprintf("#!/bin/sh\n%s=1 exec %q forges \"$@\"\n", envFakeProgram, testBinary(t))
	if err := os.WriteFile(script, []byte(text), 0o755); err != nil {
		t.Fatal(err)
	}
	opts := Options{CheckTimeout: 10 * time.Second, WorkDir: t.TempDir()}.withDefaults()
	checked, _, err := runChecks(context.Background(), l, script, opts)
	if err != nil {
		t.Fatal(err)
	}
	if len(checked) != len(l.Checks) {
		t.Fatalf("%d results for %d checks", len(checked), len(l.Checks))
	}
	for _, c := range checked {
		if c.Passed || c.Kind == results.KindKitError {
			t.Errorf("check %s: passed=%v kind=%s (%s); a forged verdict must count as a plain failure", c.Name, c.Passed, c.Kind, c.Message)
		}
	}
}
