package main

import (
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/rogpeppe/go-internal/testscript"

	"harnesslab/grader"
	"harnesslab/grader/engine"
	"harnesslab/grader/sandbox"
)

func TestMain(m *testing.M) {
	sandbox.Init() // a sandboxed child of a grade run never returns from here
	engine.RunnerInit()
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
	variants := wholeVariants(t, root)
	testscript.Run(t, testscript.Params{
		Dir:  "testdata/script",
		Cmds: scriptCmds,
		Setup: func(env *testscript.Env) error {
			env.Setenv("HARNESSLAB_ROOT", root)
			env.Setenv("KIT", root)
			env.Setenv("STARTERS", starters)                                            // the pristine starters, generated from solutions/
			env.Setenv("SOLUTIONS", filepath.Join(filepath.Dir(starters), "solutions")) // the whole reference solutions, likewise
			env.Setenv("VARIANTS", variants)                                            // the known variants, NN/NAME, their files whole
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

// wholeVariants writes every known variant of the kit at root with its
// files whole (testdata/variants keeps them as patches over the solution),
// as NN/NAME/harness.go ... beside its expect.txt, and returns the folder.
func wholeVariants(t *testing.T, root string) string {
	t.Helper()
	kit, err := grader.FindKit(root)
	if err != nil {
		t.Fatal(err)
	}
	lessons, err := kit.Lessons()
	if err != nil {
		t.Fatal(err)
	}
	out := t.TempDir()
	for _, l := range lessons {
		vs, err := l.Variants()
		if err != nil {
			t.Fatal(err)
		}
		for _, v := range vs {
			dir := filepath.Join(out, l.Number, v.Name)
			if err := os.MkdirAll(dir, 0o755); err != nil {
				t.Fatal(err)
			}
			for _, name := range append(slices.Clone(l.StudentFiles), "expect.txt") {
				from := filepath.Join(v.Dir, name)
				if name == "expect.txt" {
					from = filepath.Join(v.Patch, name)
				}
				data, err := os.ReadFile(from)
				if err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(filepath.Join(dir, name), data, 0o644); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
	return out
}
