package build

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"harnesslab/grader"
	"harnesslab/grader/results"
)

// fakeLesson writes a kit that holds only lesson 02-x, package harness, and
// returns the lesson: enough for wording what the compiler said.
func fakeLesson(t *testing.T) *grader.Lesson {
	t.Helper()
	root := t.TempDir()
	for path, text := range map[string]string{
		"go.mod":                   "module harnesslab\n\ngo 1.26\n",
		"lessons/02-x/lesson.json": `{"number": "02", "title": "X", "package": "harness", "student_files": ["harness.go"]}`,
	} {
		p := filepath.Join(root, path)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	t.Setenv("HARNESSLAB_ROOT", root)
	kit, err := grader.FindKit(".")
	if err != nil {
		t.Fatal(err)
	}
	l, err := kit.Lesson("02")
	if err != nil {
		t.Fatal(err)
	}
	return l
}

func TestCompileFailureWords(t *testing.T) {
	l := fakeLesson(t)
	kit := strings.NewReplacer("/kit", l.Kit().Root) // the compiler names the kit's files by their full path
	shown := map[string]string{kit.Replace("/kit/lessons/02-x/harness.go"): "mine/harness.go", "/tmp/copy/harness.go": "mine/harness.go",
		"harnesslab/lessons/02-x/harness.go": "mine/harness.go"}
	tests := []struct {
		reason string
		out    string
		status results.Status
		want   []string
	}{
		{"an error in the student's file points at the student's path",
			"# harnesslab/lessons/02-x\nlessons/02-x/harness.go:12:5: undefined: foo\n", results.StatusNoCompile,
			[]string{"Your code does not compile:", "mine/harness.go:12: undefined: foo"}},
		{"a syntax error names the overlay's file, shown the student's way",
			"/tmp/copy/harness.go:42:1: syntax error: unexpected }\n", results.StatusNoCompile,
			[]string{"mine/harness.go:42: syntax error"}},
		{"a changed signature is explained",
			"grader/checks/02/lab1.go:30:10: not enough arguments in call to harness.RunTool\n", results.StatusNoCompile,
			[]string{"the checks cannot call it", "harness.RunTool"}},
		{"the compiler names the check program by its full path",
			"/kit/grader/checks/02/main.go:13:14: undefined: harness.TextOf\n", results.StatusNoCompile,
			[]string{"the checks cannot call it", "undefined: harness.TextOf"}},
		{"a path the compiler's -trimpath rewrote points at the student's file",
			"harnesslab/lessons/02-x/harness.go:130:19: harnesslab/lessons/02-x.big: symbol too large (2147483648 bytes > 2000000000 bytes)\n", results.StatusNoCompile,
			[]string{"mine/harness.go:130: harnesslab/lessons/02-x.big: symbol too large"}},
		{"a broken check program is the kit's fault, named from the kit's root",
			"/kit/grader/checks/02/lab1.go:30:10: undefined: helper\n", results.StatusKitError,
			[]string{"bug in the kit", "grader/checks/02/lab1.go:30:10: undefined: helper"}},
		{"a broken check program is the kit's fault",
			"grader/checks/02/lab1.go:30:10: undefined: helper\n", results.StatusKitError,
			[]string{"bug in the kit"}},
	}
	for _, tt := range tests {
		r := compileFailure(l, kit.Replace(tt.out), shown)
		if r.Status != tt.status {
			t.Errorf("%s: status %s, want %s", tt.reason, r.Status, tt.status)
		}
		for _, w := range tt.want {
			if !strings.Contains(r.Message, w) {
				t.Errorf("%s: message %q should contain %q", tt.reason, r.Message, w)
			}
		}
	}
}
