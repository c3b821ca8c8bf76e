package grader

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"harnesslab/grader/results"
)

// TestKitFilesStayInsideSafeGo reads every starter, solution and variant of
// every lesson with the lesson's rules, without building anything: only a
// variant named for a refusal may be refused, and with its own status.
func TestKitFilesStayInsideSafeGo(t *testing.T) {
	_, lessons := testKit(t)
	for _, l := range lessons {
		sources := map[string]Source{"starter": {Dir: starterDir(t, l)}, "solution": {Dir: solutionDir(t, l)}}
		want := map[string]results.Status{}
		variants, err := l.Variants()
		if err != nil {
			t.Fatal(err)
		}
		for _, v := range variants {
			sources["variant "+v.Name] = Source{Dir: v.Dir}
			if v.Status == results.StatusRejected || v.Status == results.StatusBadSource {
				want["variant "+v.Name] = v.Status
			}
		}
		for name, src := range sources {
			files, shown, fail := l.Locate(src)
			if fail != nil {
				t.Errorf("lesson %s %s: %s", l.Number, name, fail.Message)
				continue
			}
			got := results.Status("")
			if fail := l.CheckSources(files, shown); fail != nil {
				got = fail.Status
				if want[name] == "" {
					t.Errorf("lesson %s %s is refused before it is built, so it cannot get the outcome it is kept for:\n%s", l.Number, name, fail.Message)
				}
			}
			if got != want[name] {
				t.Errorf("lesson %s %s: refused as %q, want %q", l.Number, name, got, want[name])
			}
		}
	}
}

// TestCheckSourcesWords runs the engine's own check of student files on a
// copy with problems, and looks for the words a student reads.
func TestCheckSourcesWords(t *testing.T) {
	_, lessons := testKit(t)
	l := lessons[0]
	for _, tt := range []struct {
		reason string
		source string
		status results.Status
		words  []string
	}{
		{"a goroutine in a lesson that does not teach concurrency", "package " + l.Package + "\n\nfunc f() {\n\tgo f()\n}\n",
			results.StatusRejected, []string{"copy/" + l.StudentFiles[0] + ":4: `go` starts a goroutine; lesson " + l.Number + " does not teach concurrency"}},
		{"a build constraint, and a wrong package after it", "//go:build ignore\n\npackage main\n",
			results.StatusRejected, []string{":1: //go:build is a build constraint", ":3: says package main"}},
		{"a NUL byte is not text", "package " + l.Package + "\x00\n", results.StatusBadSource, []string{"holds a NUL byte (line 1)"}},
		{"too big", "package " + l.Package + "\n" + strings.Repeat("//\n", MaxSourceBytes/3+1), results.StatusBadSource,
			[]string{"more than the 512 KiB a student source file may be"}},
	} {
		dir := filepath.Join(t.TempDir(), "copy")
		os.Mkdir(dir, 0o755)
		for _, f := range l.StudentFiles {
			if err := os.WriteFile(filepath.Join(dir, f), []byte(tt.source), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		files, shown, fail := l.Locate(Source{Dir: dir, Shown: "copy"})
		if fail != nil {
			t.Fatal(fail.Message)
		}
		fail = l.CheckSources(files, shown)
		if fail == nil {
			t.Errorf("%s: not refused", tt.reason)
			continue
		}
		if fail.Status != tt.status {
			t.Errorf("%s: status %s, want %s (%s)", tt.reason, fail.Status, tt.status, fail.Message)
		}
		for _, w := range tt.words {
			if !strings.Contains(fail.Message, w) {
				t.Errorf("%s: the message should say %q; it says:\n%s", tt.reason, w, fail.Message)
			}
		}
	}
}
