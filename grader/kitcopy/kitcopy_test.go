package kitcopy

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// write writes files, keyed by path under root.
func write(t *testing.T, root string, files map[string]string) {
	t.Helper()
	for path, text := range files {
		p := filepath.Join(root, path)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

func read(t *testing.T, path string) string {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

const (
	starter  = "package harness\n\n// --- your code ---\n// --- end ---\n"
	halfDone = "package harness\n\nfunc half( {\n"
)

// TestCopyTakesThePristineStarters: a copy of a kit whose student has
// half-done a lesson holds the lesson's pristine starter, and the student's
// own file is left as it was.
func TestCopyTakesThePristineStarters(t *testing.T) {
	src, dst := t.TempDir(), filepath.Join(t.TempDir(), "kit")
	write(t, src, map[string]string{
		"go.mod":                       "module harnesslab\n\ngo 1.26\n",
		"go.sum":                       "",
		"lab/lab.go":                   "package lab\n",
		"lessons/01-fake/lesson.json":  `{"number": "01", "title": "Fake", "package": "harness", "student_files": ["harness.go"]}`,
		"lessons/01-fake/harness.go":   halfDone,
		"lessons/01-fake/README.md":    "# Fake\n",
		"solutions/01-fake/harness.go": starter,
		"grader/doc.go":                "package grader\n",
	})
	t.Setenv("HARNESSLAB_ROOT", "") // the kit copied is src, whatever the environment says
	if err := Copy(src, dst); err != nil {
		t.Fatal(err)
	}
	if got := read(t, filepath.Join(dst, "lessons/01-fake/harness.go")); got != starter {
		t.Errorf("the copy's harness.go is the student's work, not the pristine starter:\n%s", got)
	}
	if got := read(t, filepath.Join(dst, "lessons/01-fake/README.md")); got != "# Fake\n" {
		t.Errorf("the copy's README.md = %q, want the kit's", got)
	}
	if got := read(t, filepath.Join(src, "lessons/01-fake/harness.go")); got != halfDone {
		t.Errorf("copying changed the student's own file:\n%s", got)
	}
}

// TestCopyNamesAMissingStarter: a lesson with no pristine copy cannot give
// a fresh clone, and Copy says which.
func TestCopyNamesAMissingStarter(t *testing.T) {
	src := t.TempDir()
	write(t, src, map[string]string{
		"go.mod":                      "module harnesslab\n\ngo 1.26\n",
		"lessons/01-fake/lesson.json": `{"number": "01", "title": "Fake", "package": "harness", "student_files": ["harness.go"]}`,
		"lessons/01-fake/harness.go":  halfDone,
	})
	err := Pristine(src, t.TempDir())
	if err == nil {
		t.Fatal("Pristine found a starter the kit does not have")
	}
	if want := "has no source"; !strings.Contains(err.Error(), want) {
		t.Errorf("Pristine's error = %q, want it to say %q", err, want)
	}
}
