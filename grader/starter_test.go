package grader

import (
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"harnesslab/grader/results"
)

// fakeKit writes a kit of one lesson (01-fake, student file harness.go)
// whose files hold the given text, keyed by path in the kit, and returns it.
// It builds nothing: it is for what reads the kit's files.
func fakeKit(t *testing.T, files map[string]string) (*Kit, *Lesson) {
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
	kit := &Kit{Root: root}
	l, err := kit.Lesson("01")
	if err != nil {
		t.Fatal(err)
	}
	return kit, l
}

// TestCheckTakesOnlyTheStudentFiles: checking a lesson in place builds what
// grading builds, the student files, and names the other .go files there.
func TestCheckTakesOnlyTheStudentFiles(t *testing.T) {
	_, l := fakeKit(t, map[string]string{
		"lessons/01-fake/harness.go": "package harness\n\nfunc F() int { return extra() }\n",
		"lessons/01-fake/util.go":    "package harness\n\nfunc extra() int { return 1 }\n",
		"lessons/01-fake/x_test.go":  "package harness\n",
		"lessons/01-fake/notes.txt":  "not Go\n",
	})
	files, _, fail := l.Locate(Source{})
	if fail != nil {
		t.Fatal(fail.Message)
	}
	if got := slices.Sorted(maps.Keys(files)); !slices.Equal(got, []string{l.WorkFile("harness.go")}) {
		t.Errorf("checked files %v; want only harness.go", got)
	}
	ignored := l.IgnoredFiles(l.Dir)
	if !slices.Equal(ignored, []string{"util.go", "x_test.go"}) {
		t.Errorf("IgnoredFiles = %v; want [util.go x_test.go]", ignored)
	}
	if note := l.IgnoredNote(ignored); !strings.Contains(note, "util.go") || !strings.Contains(note, "put that code in harness.go") {
		t.Errorf("the note should name util.go and say where that code goes: %s", note)
	}
}

// TestCheckInPlaceMissingFile: a student file gone from the lesson folder
// is named, with the command that puts the starter back.
func TestCheckInPlaceMissingFile(t *testing.T) {
	_, l := fakeKit(t, nil)
	_, _, fail := l.Locate(Source{})
	if fail == nil || fail.Status != results.StatusMissing || !strings.Contains(fail.Message, "labrun reset 01") {
		t.Fatalf("want a missing status that names labrun reset 01; got %+v", fail)
	}
}

// TestLessonFilesAreGenerated holds the student files committed in the
// lesson folders equal to what the chain's source in solutions/ generates.
// It runs where the lesson folders are as committed (a fresh clone, CI, an
// author's tree) or when CI=true; on a student's machine the lesson folders
// hold the student's work, and it stands aside.
func TestLessonFilesAreGenerated(t *testing.T) {
	k, lessons := testKit(t)
	if os.Getenv("CI") == "" && !lessonsAsCommitted(k.Root) {
		t.Skip("the lesson folders hold changes (a student's work, or an author's edit not yet committed); CI=true compares them with the kit's copies anyway")
	}
	for _, l := range lessons {
		for _, f := range l.StudentFiles {
			same, err := l.SameAsStarter(f)
			if err != nil {
				t.Error(err)
				continue
			}
			if !same {
				t.Errorf("%s is stale: it is not what the source in solutions/ generates; run go run ./cmd/labrun author sync", filepath.Join("lessons", l.Slug, f))
			}
		}
	}
}

// lessonsAsCommitted reports whether root is a git checkout whose lessons
// folder has no changes: then its starters are the course's, not a student's.
func lessonsAsCommitted(root string) bool {
	out, err := exec.Command("git", "-C", root, "status", "--porcelain", "--", "lessons").Output()
	return err == nil && len(out) == 0
}
