package bundle

import (
	"archive/zip"
	"bytes"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"harnesslab/grader"
	"harnesslab/grader/kitcopy"
)

// solvedKit copies the repository's kit and fills lesson 02's folder with
// the solution, as an instructor's own machine often has it. It returns the
// copy, the lesson and its generated starter and solution texts.
func solvedKit(t *testing.T) (*grader.Kit, *grader.Lesson, map[string][]byte, map[string][]byte) {
	t.Helper()
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	dst := filepath.Join(t.TempDir(), "kit")
	if err := kitcopy.Copy(root, dst); err != nil {
		t.Fatal(err)
	}
	kit := &grader.Kit{Root: dst}
	l, err := kit.Lesson("02")
	if err != nil {
		t.Fatal(err)
	}
	c, err := kit.Course()
	if err != nil {
		t.Fatal(err)
	}
	gl := c.Lesson(l.Slug)
	for _, name := range gl.Files {
		if bytes.Equal(gl.Starter[name], gl.Solution[name]) {
			t.Fatalf("lesson 02's %s is the same in starter and solution: the test cannot tell them apart", name)
		}
		if err := os.WriteFile(filepath.Join(l.Dir, name), gl.Solution[name], 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return kit, l, gl.Starter, gl.Solution
}

// entries reads the zip in data: name to contents, and name to date.
func entries(t *testing.T, data []byte) (map[string][]byte, map[string]time.Time) {
	t.Helper()
	r, err := zip.NewReader(bytes.NewReader(data), int64(len(data)))
	if err != nil {
		t.Fatalf("read the bundle back: %v", err)
	}
	files, dates := map[string][]byte{}, map[string]time.Time{}
	for _, f := range r.File {
		rc, err := f.Open()
		if err != nil {
			t.Fatal(err)
		}
		files[f.Name], _ = io.ReadAll(rc)
		rc.Close()
		dates[f.Name] = f.Modified
	}
	return files, dates
}

// TestBundleHoldsNoSolution: submissions run in the container the bundle
// is unpacked in, so the bundle must hold no solution, not under
// solutions/ and not as the lesson's student files, even when the
// instructor's own lesson folder holds their solved copy: the lesson's
// files in it are the pristine starter.
func TestBundleHoldsNoSolution(t *testing.T) {
	kit, l, starter, solution := solvedKit(t)
	var buf bytes.Buffer
	if err := Gradescope(&buf, kit, l, time.Time{}); err != nil {
		t.Fatal(err)
	}
	files, _ := entries(t, buf.Bytes())
	for name, data := range files {
		if strings.HasPrefix(name, "kit/solutions/") {
			t.Errorf("the bundle holds %s: a submission could read it", name)
		}
		for sname, sol := range solution {
			if bytes.Equal(data, sol) {
				t.Errorf("the bundle's %s is the solution's %s", name, sname)
			}
		}
	}
	for name, want := range starter {
		got, ok := files["kit/lessons/"+l.Slug+"/"+name]
		if !ok || !bytes.Equal(got, want) {
			t.Errorf("the bundle's lessons/%s/%s is not the pristine starter (present: %v)", l.Slug, name, ok)
		}
	}
	for _, script := range []string{"setup.sh", "run_autograder"} {
		if strings.Contains(string(files[script]), "solutions") && !strings.Contains(string(files[script]), "no solution") {
			t.Errorf("%s still refers to solutions/:\n%s", script, files[script])
		}
	}
	if !strings.Contains(string(files["run_autograder"]), "--proved") {
		t.Errorf("run_autograder does not tell labrun grade that the kit was proved when packed:\n%s", files["run_autograder"])
	}
}

// TestBundleDates: every entry carries the date it was given, which zip
// readers show as a real day (never month 0 of 1980), and the same kit and
// date give the same bytes.
func TestBundleDates(t *testing.T) {
	kit, l, _, _ := solvedKit(t)
	when := time.Date(2026, time.March, 14, 15, 9, 26, 0, time.UTC)
	var a, b bytes.Buffer
	if err := Gradescope(&a, kit, l, when); err != nil {
		t.Fatal(err)
	}
	if err := Gradescope(&b, kit, l, when); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(a.Bytes(), b.Bytes()) {
		t.Error("two bundles of the same kit and date differ")
	}
	_, dates := entries(t, a.Bytes())
	for name, got := range dates {
		if !got.Equal(when) {
			t.Errorf("%s is dated %v, want %v", name, got, when)
		}
	}
	var c bytes.Buffer
	if err := Gradescope(&c, kit, l, time.Time{}); err != nil {
		t.Fatal(err)
	}
	_, dates = entries(t, c.Bytes())
	for name, got := range dates {
		if !got.Equal(DefaultDate) {
			t.Errorf("with no date, %s is dated %v, want DefaultDate %v", name, got, DefaultDate)
		}
	}
}
