package main

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/rogpeppe/go-internal/testscript"

	"harnesslab/grader"
	"harnesslab/grader/sandbox"
)

func TestMain(m *testing.M) {
	sandbox.Init() // a sandboxed child of a grade run never returns from here
	grader.RunnerInit()
	testscript.Main(m, map[string]func(){"labrun": main})
}

// TestScripts runs labrun as a student and an author would, one behaviour per
// script in testdata/script.
func TestScripts(t *testing.T) {
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	home, err := os.UserHomeDir()
	if err != nil {
		home = t.TempDir()
	}
	cache, err := os.UserCacheDir()
	if err != nil {
		cache = t.TempDir()
	}
	starters := generatedStarters(t, root)
	testscript.Run(t, testscript.Params{
		Dir:  "testdata/script",
		Cmds: scriptCmds,
		Setup: func(env *testscript.Env) error {
			env.Setenv("HARNESSLAB_ROOT", root)
			env.Setenv("KIT", root)
			env.Setenv("STARTERS", starters) // the pristine starters, generated from solutions/
			// the student's progress goes to the script's own folder, not the kit's .labrun
			env.Setenv("LABRUN_STATE", env.WorkDir+"/.labrun")
			// go build needs a real cache and module cache: the tests share the user's.
			env.Setenv("HOME", home)
			env.Setenv("GOCACHE", filepath.Join(cache, "go-build"))
			env.Setenv("XDG_CACHE_HOME", env.WorkDir+"/.cache")
			if v := os.Getenv("GOMODCACHE"); v != "" {
				env.Setenv("GOMODCACHE", v)
			}
			if v := os.Getenv("GOPATH"); v != "" {
				env.Setenv("GOPATH", v)
			}
			return nil
		},
	})
}

// generatedStarters returns the folder that holds every lesson's pristine
// starter (NN-slug/harness.go, ...), generated from the kit at root.
func generatedStarters(t *testing.T, root string) string {
	t.Helper()
	kit, err := grader.FindKit(root)
	if err != nil {
		t.Fatal(err)
	}
	l, err := kit.Lesson("01")
	if err != nil {
		t.Fatal(err)
	}
	dir, err := l.StarterDir()
	if err != nil {
		t.Fatal(err)
	}
	return filepath.Dir(dir)
}
