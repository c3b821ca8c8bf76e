package build

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"harnesslab/grader"
	"harnesslab/grader/results"
)

// TestKeptMainFollowsTheExportData: labrun check links a kept main when the
// student's export data is the same as before, compiles a new one when it
// differs (and the program then links and passes: a stale main would not
// link), and a toolchain without a cache folder compiles main every time.
func TestKeptMainFollowsTheExportData(t *testing.T) {
	base, err := lesson02()
	if err != nil {
		t.Fatal(err)
	}
	l := base.lesson
	kept := *base
	kept.useMainCache(t.TempDir())
	grading := *base
	for _, c := range []struct {
		reason   string
		tc       *Toolchain
		edit     func(string) string // nil: the solution as it is
		compiles bool                // main is compiled, not taken from the cache
		keptNow  int                 // mains in the cache folder afterwards
	}{
		{"the first check compiles main and keeps it", &kept, nil, true, 1},
		{"an edit below every exported name leaves the export data as it was",
			&kept, func(s string) string { return s + "\nconst edited = 1\n" }, false, 1},
		{"an edit inside a function that keeps its lines leaves the export data as it was",
			&kept, func(s string) string {
				return strings.Replace(s, "var calls []lab.Block", "calls := []lab.Block(nil)", 1)
			}, false, 1},
		{"a line added inside a function moves the exported names below it, and so changes the export data",
			&kept, func(s string) string {
				return strings.Replace(s, "var calls []lab.Block", "var calls []lab.Block\n\t_ = calls", 1)
			}, true, 2},
		{"going back to the first copy finds its main again", &kept, nil, false, 2},
		{"a grading run keeps no main", &grading, nil, true, 2},
	} {
		src := studentCopy(t, l, "")
		path := filepath.Join(src, "harness.go")
		data, _ := os.ReadFile(path)
		if c.edit != nil {
			edited := c.edit(string(data))
			if edited == string(data) {
				t.Fatalf("%s: the edit changed nothing; the solution no longer holds the line it edits", c.reason)
			}
			os.WriteFile(path, []byte(edited), 0o644)
		}
		work := t.TempDir()
		r := buildCopy(context.Background(), c.tc, grader.Source{Dir: src}, work)
		if r.Status != results.StatusPassed {
			t.Fatalf("%s: status %s (%s), want passed", c.reason, r.Status, r.Message)
		}
		if _, err := os.Stat(filepath.Join(work, "main.a")); (err == nil) != c.compiles {
			t.Errorf("%s: main compiled = %v, want %v", c.reason, err == nil, c.compiles)
		}
		if got, _ := filepath.Glob(filepath.Join(kept.mainCache, "*.a")); len(got) != c.keptNow {
			t.Errorf("%s: %d mains kept, want %d", c.reason, len(got), c.keptNow)
		}
	}
}
