package grading

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"harnesslab/grader"
	"harnesslab/grader/engine"
	"harnesslab/grader/results"
	"harnesslab/grader/sandbox"
)

func TestMain(m *testing.M) {
	sandbox.Init()
	engine.RunnerInit()
	os.Exit(m.Run())
}

// want is the outcome each fixture in testdata/submissions must get, and a
// phrase its message must hold.
var want = map[string]struct {
	status results.Status
	full   bool   // all points
	phrase string // in the result's message, or in some failed check's message
}{
	"passing":                 {results.StatusPassed, true, ""},
	"nocompile":               {results.StatusNoCompile, false, "harness.go:"},
	"panics":                  {results.StatusFailed, false, "your code panicked"},
	"hangs":                   {results.StatusFailed, false, "timed out"},
	"misnamed":                {results.StatusMissing, false, "found Harness.go"},
	"hostile_print_pass":      {results.StatusFailed, false, ""},
	"hostile_os_exit":         {results.StatusRejected, false, `imports "os"`},
	"hostile_syscall_exit":    {results.StatusRejected, false, `imports "syscall"`},
	"hostile_unsafe":          {results.StatusRejected, false, `imports "unsafe"`},
	"hostile_cgo":             {results.StatusRejected, false, `imports "C"`},
	"hostile_package_main":    {results.StatusRejected, false, "package main"},
	"hostile_init_hang":       {results.StatusFailed, false, "inside init (harness.go)"},
	"hostile_memory_hog":      {results.StatusFailed, false, "out of memory"},
	"hostile_output_flood":    {results.StatusPassed, true, ""},
	"hostile_goroutine_panic": {results.StatusRejected, false, "`go` starts a goroutine"},
	"hostile_go_statement":    {results.StatusRejected, false, "harness.go:28: `go` starts a goroutine"},
	"hostile_directive":       {results.StatusRejected, false, "//go:cgo_import_dynamic is a compiler directive"},
	"hostile_build_ignore":    {results.StatusRejected, false, "//go:build is a build constraint"},
	"hostile_line_directive":  {results.StatusRejected, false, "//line is a line directive"},
	"hostile_stack_overflow":  {results.StatusFailed, false, "stack"},
	"hostile_tamper":          {results.StatusPassed, true, ""},
	"hostile_symlink_file":    {results.StatusBadSource, false, "symbolic link"},
	"hostile_zipslip":         {results.StatusBadArchive, false, "climbs out"},
	"hostile_absolute":        {results.StatusBadArchive, false, "absolute path"},
	"hostile_symlink":         {results.StatusBadArchive, false, "symbolic link"},
	"hostile_symlink_zip":     {results.StatusBadArchive, false, "symbolic link"},
	"hostile_hardlink":        {results.StatusBadArchive, false, "hard link"},
	"hostile_bomb":            {results.StatusBadArchive, false, "archive bomb"},
	"hostile_bomb_lying":      {results.StatusBadArchive, false, "more data than its header says"},
	"hostile_bomb_total":      {results.StatusBadArchive, false, "32 MiB"},
	"hostile_bomb_count":      {results.StatusBadArchive, false, "2000 entries"},
	"corrupt":                 {results.StatusBadArchive, false, "damaged"},
	"corrupt_notanarchive":    {results.StatusBadArchive, false, "not a zip or tar.gz"},
	"empty":                   {results.StatusEmpty, false, "empty"},
	"bad_source_latin1":       {results.StatusBadSource, false, "UTF-8"},
	"bad_source_huge":         {results.StatusBadSource, false, "512 KiB"},
}

// TestGradeFixtures grades every fixture of testdata/submissions twice and
// checks each one's status, that the two runs agree, that nothing was written
// outside the output and temporary folders, and that no process is left.
func TestGradeFixtures(t *testing.T) {
	if testing.Short() {
		t.Skip("grades about thirty submissions")
	}
	kit, err := grader.FindKit(".")
	if err != nil {
		t.Fatal(err)
	}
	lesson, err := kit.Lesson("02")
	if err != nil {
		t.Fatal(err)
	}
	subs := filepath.Join(kit.Root, "testdata", "submissions")
	before := listing(t, subs)
	tmp := t.TempDir()
	t.Setenv("TMPDIR", filepath.Join(tmp, "tmp"))
	os.Mkdir(filepath.Join(tmp, "tmp"), 0o700)

	grade := func(out string) map[string]results.Result {
		outcome, err := Run(context.Background(), Config{
			Kit: kit, Lesson: lesson, Paths: []string{subs}, Out: out,
			// A check limit well above what a crash takes: a stack overflow
			// or a memory hog uses processor time before it crashes, and a
			// crash past the limit would be a timeout instead.
			Jobs: 2, CheckTimeout: 8 * time.Second, Timeout: 90 * time.Second,
		})
		if err != nil {
			t.Fatal(err)
		}
		got := map[string]results.Result{}
		for _, r := range outcome.Results {
			got[r.Name] = r
		}
		return got
	}
	first := grade(filepath.Join(tmp, "out1"))
	for name, w := range want {
		r, ok := first[name]
		if !ok {
			t.Errorf("%s: not graded", name)
			continue
		}
		if r.Status != w.status {
			t.Errorf("%s: status %s, want %s (%s)", name, r.Status, w.status, r.Message)
		}
		if (r.Score == r.MaxScore) != w.full {
			t.Errorf("%s: score %v of %v; all points: %v", name, r.Score, r.MaxScore, w.full)
		}
		if w.phrase != "" && !mentions(r, w.phrase) {
			t.Errorf("%s: no message mentions %q:\n%s\n%s", name, w.phrase, r.Message, failures(r))
		}
	}
	for name := range first {
		if _, ok := want[name]; !ok {
			t.Errorf("%s: graded, but this test does not say what it must get", name)
		}
	}
	if ign := first["hostile_tamper"].Ignored; !contains(ign, "grader/checks/02/lab1.go") || !contains(ign, "lab/model.go") {
		t.Errorf("hostile_tamper: the files that try to replace the kit must be ignored and listed; ignored %q", ign)
	}

	if diff := cmp.Diff(listing(t, subs), before); diff != "" {
		t.Errorf("grading changed the submissions folder (-after +before):\n%s", diff)
	}
	if left := listing(t, filepath.Join(tmp, "tmp")); len(left) > 0 {
		t.Errorf("grading left files in its temporary area: %q", left)
	}
	if procs := processesMentioning(filepath.Join(tmp, "tmp")); len(procs) > 0 {
		t.Errorf("processes left running after grading: %q", procs)
	}

	second := grade(filepath.Join(tmp, "out2"))
	if diff := cmp.Diff(timeless(first), timeless(second)); diff != "" {
		t.Errorf("two runs over the same submissions disagree (-first +second):\n%s", diff)
	}
	for _, f := range []string{"grades.csv", "junit.xml", "report.json", "passing/results.json"} {
		if _, err := os.Stat(filepath.Join(tmp, "out1", f)); err != nil {
			t.Errorf("report %s: %v", f, err)
		}
	}
}

func mentions(r results.Result, phrase string) bool {
	if strings.Contains(r.Message, phrase) {
		return true
	}
	return strings.Contains(failures(r), phrase)
}

func failures(r results.Result) string {
	var b strings.Builder
	for _, c := range r.Checks {
		if !c.Passed {
			b.WriteString(c.Message + "\n")
		}
	}
	return b.String()
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// timeless is results as JSON with every duration zeroed.
func timeless(all map[string]results.Result) map[string]string {
	out := map[string]string{}
	for name, r := range all {
		r.Duration = 0
		checks := append([]results.CheckResult(nil), r.Checks...)
		for i := range checks {
			checks[i].Duration = 0
		}
		r.Checks = checks
		data, _ := json.MarshalIndent(r, "", "  ")
		out[name] = string(data)
	}
	return out
}

// listing is every path under dir with its size, sorted.
func listing(t *testing.T, dir string) []string {
	t.Helper()
	var out []string
	filepath.Walk(dir, func(path string, info os.FileInfo, err error) error {
		if err != nil || path == dir {
			return nil
		}
		rel, _ := filepath.Rel(dir, path)
		out = append(out, fmt.Sprintf("%s %s %d", rel, info.Mode(), info.Size()))
		return nil
	})
	return out
}

// processesMentioning lists running processes whose command line holds s.
func processesMentioning(s string) []string {
	var out []string
	entries, _ := os.ReadDir("/proc")
	for _, e := range entries {
		cmdline, err := os.ReadFile(filepath.Join("/proc", e.Name(), "cmdline"))
		if err == nil && strings.Contains(string(cmdline), s) {
			out = append(out, e.Name()+": "+strings.ReplaceAll(string(cmdline), "\x00", " "))
		}
	}
	return out
}

// TestTimeUpKeepsEarnedVerdicts grades the hangs fixture with a submission
// time limit shorter than its checks need: the checks that passed before the
// time was up keep their points, the submission is failed (not a kit error),
// and its message says the time was up.
func TestTimeUpKeepsEarnedVerdicts(t *testing.T) {
	if testing.Short() {
		t.Skip("waits for a submission's time limit")
	}
	kit, err := grader.FindKit(".")
	if err != nil {
		t.Fatal(err)
	}
	lesson, err := kit.Lesson("02")
	if err != nil {
		t.Fatal(err)
	}
	outcome, err := Run(context.Background(), Config{
		Kit: kit, Lesson: lesson, Paths: []string{filepath.Join(kit.Root, "testdata", "submissions", "hangs")},
		Jobs: 1, CheckTimeout: 5 * time.Second, Timeout: 10 * time.Second,
	})
	if err != nil {
		t.Fatal(err)
	}
	r := outcome.Results[0]
	if r.Status != results.StatusFailed || !r.Stopped || !strings.Contains(r.Message, "used up its time limit") {
		t.Errorf("status %s, stopped %v, message %q; want failed, stopped, and a message that the time was up", r.Status, r.Stopped, r.Message)
	}
	earned := map[string]bool{}
	for _, c := range r.Checks {
		earned[c.Name] = c.Passed
	}
	for _, name := range []string{"result_points_back", "named_tool_runs"} { // they do not call the hanging ToolCalls
		if !earned[name] {
			t.Errorf("%s passes in no time, but lost its pass when the submission's time was up:\n%s", name, failures(r))
		}
	}
}
