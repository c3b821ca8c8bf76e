package grader

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"harnesslab/lab"
)

// seedModule is a module whose test fails on purpose, as lesson 16's does.
const seedModule = `-- go.mod --
module example.com/sums

go 1.26
-- sums.go --
package sums

import "fmt"

// Total adds up xs.
func Total(xs ...int) int { return len(fmt.Sprint(xs)) }
-- sums_test.go --
package sums

import "testing"

func TestTotal(t *testing.T) {
	if got := Total(2, 3); got != 5 {
		t.Fatalf("Total(2, 3) = %d, want 5", got)
	}
}
`

// TestGoSeedWarmsTheCache makes a warm cache for a module, copies it the way
// a check does, and asks the go command whether fmt must be compiled again:
// not with the copy, but yes with an empty cache.
func TestGoSeedWarmsTheCache(t *testing.T) {
	if _, err := exec.LookPath("go"); err != nil {
		t.Skip("no go command")
	}
	root := t.TempDir()
	if err := os.WriteFile(filepath.Join(root, "module.txtar"), []byte(seedModule), 0o644); err != nil {
		t.Fatal(err)
	}
	k := &Kit{Root: root}
	l := &Lesson{Number: "99", GoModule: "module.txtar"}
	gotool, err := k.goTool(context.Background(), l)
	if err != nil {
		t.Fatalf("goTool: %v", err)
	}
	if !filepath.IsAbs(gotool.bin) || gotool.seed == "" {
		t.Fatalf("goTool = %+v, want an absolute go command and a seed", gotool)
	}
	again, err := k.goTool(context.Background(), l)
	if err != nil || again != gotool {
		t.Fatalf("goTool again = %+v, %v; want the same seed %+v", again, err, gotool)
	}
	if ro := gotool.readOnly(); len(ro) != 2 || ro[1] != gotool.seed {
		t.Errorf("readOnly() = %q, want GOROOT and the seed", ro)
	}

	stale := func(cache string) string {
		cmd := exec.Command(gotool.bin, "list", "-f", "{{.Stale}}", "fmt")
		cmd.Dir, cmd.Env = t.TempDir(), lab.GoEnv(t.TempDir(), cache)
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("go list: %v\n%s", err, out)
		}
		return strings.TrimSpace(string(out))
	}
	t.Setenv(lab.EnvGoSeed, gotool.seed)
	warm := filepath.Join(t.TempDir(), "cache")
	if copied, err := lab.CopyGoSeed(warm); err != nil || !copied {
		t.Fatalf("CopyGoSeed = %v, %v; want a copy", copied, err)
	}
	if got := stale(warm); got != "false" {
		t.Errorf("with the seed copied, fmt is stale: %s", got)
	}
	if got := stale(filepath.Join(t.TempDir(), "empty")); got != "true" {
		t.Errorf("with an empty cache, fmt is not stale (%s): the check above proves nothing", got)
	}
}

// TestGoToolNone: a lesson that runs no go command is handed nothing.
func TestGoToolNone(t *testing.T) {
	k := &Kit{Root: t.TempDir()}
	got, err := k.goTool(context.Background(), &Lesson{Number: "02"})
	if err != nil || got != (goTool{}) || got.readOnly() != nil {
		t.Fatalf("goTool = %+v, %v; want nothing", got, err)
	}
}

// TestGoSeedBadModule: a module that does not build is an error that says so.
func TestGoSeedBadModule(t *testing.T) {
	if _, err := exec.LookPath("go"); err != nil {
		t.Skip("no go command")
	}
	t.Setenv("XDG_CACHE_HOME", t.TempDir()) // never a seed an earlier run left
	root := t.TempDir()
	bad := "-- go.mod --\nmodule example.com/bad\n\ngo 1.26\n-- bad.go --\npackage bad\n\nfunc (\n"
	if err := os.WriteFile(filepath.Join(root, "module.txtar"), []byte(bad), 0o644); err != nil {
		t.Fatal(err)
	}
	_, err := (&Kit{Root: root}).goTool(context.Background(), &Lesson{Number: "99", GoModule: "module.txtar"})
	if err == nil || !strings.Contains(err.Error(), "warm a build cache for lesson 99") {
		t.Fatalf("goTool of a module that does not build = %v, want an error naming the lesson", err)
	}
}
