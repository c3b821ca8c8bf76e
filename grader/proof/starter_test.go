package proof

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"harnesslab/grader"
	"harnesslab/grader/results"
)

// fakeKit writes a kit of one lesson (01-fake, student file harness.go)
// whose files hold the given text, keyed by path in the kit, and returns it.
// It builds nothing: it is for what reads the kit's files.
func fakeKit(t *testing.T, files map[string]string) (*grader.Kit, *grader.Lesson) {
	t.Helper()
	root := t.TempDir()
	all := map[string]string{
		"go.mod":                      "module harnesslab\n\ngo 1.26\n",
		"lessons/01-fake/lesson.json": `{"number": "01", "title": "Fake", "package": "harness", "student_files": ["harness.go"]}`,
	}
	for k, v := range files {
		all[k] = v
	}
	for path, text := range all {
		p := filepath.Join(root, path)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	t.Setenv("HARNESSLAB_ROOT", root)
	kit, err := grader.FindKit(root)
	if err != nil {
		t.Fatal(err)
	}
	l, err := kit.Lesson("01")
	if err != nil {
		t.Fatal(err)
	}
	return kit, l
}

const (
	fakeSource   = "package harness\n\nfunc F() int {\n\t// --- your code ---\n\treturn 1\n\t// --- starter ---\n\tpanic(\"F: not written yet\")\n\t// --- end ---\n}\n"
	fakeStarter  = "package harness\n\nfunc F() int {\n\t// --- your code ---\n\tpanic(\"F: not written yet\")\n\t// --- end ---\n}\n"
	fakeSolution = "package harness\n\nfunc F() int {\n\t// --- your code ---\n\treturn 1\n\t// --- end ---\n}\n"
)

// TestVerifyProvesThePristineStarter: once a student has solved a lesson in
// place, verify still proves the kit's own copy of the starter.
func TestVerifyProvesThePristineStarter(t *testing.T) {
	_, l := fakeKit(t, map[string]string{
		"lessons/01-fake/harness.go":   fakeSolution, // the student's work
		"solutions/01-fake/harness.go": fakeSource,
	})
	src, missing := starterSource(l)
	if len(missing) > 0 {
		t.Fatalf("the pristine copy is there, yet: %v", missing)
	}
	files, _, fail := l.Locate(src)
	if fail != nil {
		t.Fatal(fail.Message)
	}
	data, err := os.ReadFile(files[l.WorkFile("harness.go")])
	if err != nil {
		t.Fatal(err)
	}
	if string(data) != fakeStarter {
		t.Errorf("verify's starter reads the student's file, not the pristine copy:\n%s", data)
	}
	if same, err := l.SameAsStarter("harness.go"); err != nil || same {
		t.Errorf("SameAsStarter = %v, %v; want false: the student changed the file", same, err)
	}
}

// TestVerifyNamesAMissingSource: a lesson whose new file has no source in
// solutions/ is proved from its folder, and verify says where the source
// goes.
func TestVerifyNamesAMissingSource(t *testing.T) {
	_, l := fakeKit(t, map[string]string{"lessons/01-fake/harness.go": fakeStarter})
	src, missing := starterSource(l)
	if src.Dir != "" || len(missing) != 1 {
		t.Fatalf("starterSource = %+v, %v; want the lesson folder and one error", src, missing)
	}
	if msg := missing[0].Error(); !strings.Contains(msg, filepath.Join("solutions", "01-fake", "harness.go")) {
		t.Errorf("the error should name where the source goes; it says: %s", msg)
	}
}

// TestStarterMayPassOnlyGuards: the starter fails every check that earns
// points; a guard worth none may pass, and a failure to build is named.
func TestStarterMayPassOnlyGuards(t *testing.T) {
	check := func(name string, passed bool, points float64) results.CheckResult {
		return results.CheckResult{Name: name, Passed: passed, MaxPoints: points}
	}
	cases := []struct {
		reason string
		r      results.Result
		want   string // a piece of the one problem, or "" for none
	}{
		{"every pointed check fails, the guard passes", results.Result{Status: results.StatusFailed,
			Checks: []results.CheckResult{check("calls", false, 1), check("values_kept", true, 0)}}, ""},
		{"a pointed check passes on the starter", results.Result{Status: results.StatusFailed,
			Checks: []results.CheckResult{check("calls", false, 1), check("pairs", true, 1)}}, "passes check pairs"},
		{"the starter does not build", results.Result{Status: results.StatusNoCompile, Message: "harness.go:3"}, "got nocompile"},
	}
	for _, tc := range cases {
		got := starterProblems(&tc.r)
		switch {
		case tc.want == "" && len(got) > 0:
			t.Errorf("%s: starterProblems = %q, want none", tc.reason, got)
		case tc.want != "" && (len(got) != 1 || !strings.Contains(got[0], tc.want)):
			t.Errorf("%s: starterProblems = %q, want one saying %q", tc.reason, got, tc.want)
		}
	}
}
