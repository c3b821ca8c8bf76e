package proof

import (
	"context"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"harnesslab/grader"
	"harnesslab/grader/engine"
	"harnesslab/grader/sandbox"
)

var update = flag.Bool("update", false, "rewrite the cells in every lesson's README.md")

// TestMain calls sandbox.Init first, as every program that builds check
// programs must: the compiler and the linker run through the sandbox.
func TestMain(m *testing.M) {
	sandbox.Init()
	os.Exit(m.Run())
}

func testKit(t *testing.T) (*grader.Kit, []*grader.Lesson) {
	t.Helper()
	kit, err := grader.FindKit(".")
	if err != nil {
		t.Fatal(err)
	}
	lessons, err := kit.Lessons()
	if err != nil {
		t.Fatal(err)
	}
	if len(lessons) == 0 {
		t.Fatal("the kit has no lessons")
	}
	return kit, lessons
}

// TestVerify is labrun verify, one subtest per lesson (go test ./grader/proof
// -run TestVerify/05 proves lesson 05 alone): every starter builds and fails,
// every solution passes, every variant gets its declared outcome, every
// check is failed by a wrong_* variant. Checks run with CheckTimeout, room
// for a machine busy with other work.
func TestVerify(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs every starter, solution and variant of every lesson: -short skips it; the full proof runs it")
	}
	_, lessons := testKit(t)
	for _, l := range lessons {
		t.Run(l.Number, func(t *testing.T) {
			p := Verify(context.Background(), []*grader.Lesson{l}, engine.Options{CheckTimeout: CheckTimeout}, nil)[0]
			for _, f := range p.Findings {
				t.Errorf("lesson %s: %s", f.Lesson, f.Text)
			}
			if n := len(p.Lesson.Checks); n < 6 {
				t.Errorf("lesson %s has %d checks; every lesson needs at least six", p.Lesson.Number, n)
			}
			if p.StarterFailing != len(p.Lesson.Checks) {
				t.Logf("lesson %s: the starter fails %d of %d checks", p.Lesson.Number, p.StarterFailing, len(p.Lesson.Checks))
			}
		})
	}
}

// TestLessonREADMEs keeps every README's cells equal to the cells' code and
// their real output on the reference solution, and its lists of checks equal
// to the check scripts' sentences. Run with -update to rewrite.
func TestLessonREADMEs(t *testing.T) {
	if testing.Short() {
		t.Skip("runs every lesson's cells: -short skips it; the full proof runs it")
	}
	_, lessons := testKit(t)
	for _, l := range lessons {
		path := filepath.Join(l.Dir, "README.md")
		data, err := os.ReadFile(path)
		if err != nil {
			t.Errorf("lesson %s: %v", l.Number, err)
			continue
		}
		cells, err := engine.RunCells(context.Background(), l, grader.Source{Dir: solutionDir(t, l)}, 20*time.Second)
		if err != nil {
			t.Errorf("lesson %s: %v", l.Number, err)
			continue
		}
		got, err := grader.SpliceCells(string(data), cells)
		if err == nil {
			got, err = l.SpliceChecks(got)
		}
		if err != nil {
			t.Errorf("lesson %s: %v", l.Number, err)
			continue
		}
		checkRecordedTranscripts(t, l, cells)
		if got == string(data) {
			continue
		}
		if *update {
			if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		t.Errorf("lesson %s: README.md is out of date with its cells; run go test ./grader/proof -run TestLessonREADMEs -update\n%s",
			l.Number, firstDifference(string(data), got))
	}
}

// checkRecordedTranscripts holds the lesson's cells/transcripts.json to the
// transcripts its cells recorded just now, as the README is held to their
// outputs (with -update, it writes the file).
func checkRecordedTranscripts(t *testing.T, l *grader.Lesson, cells []grader.Cell) {
	t.Helper()
	path := filepath.Join(l.Dir, "cells", grader.CellTranscriptsFile)
	want, err := grader.EncodeCellTranscripts(cells)
	if err != nil {
		t.Errorf("lesson %s: %v", l.Number, err)
		return
	}
	have, err := os.ReadFile(path)
	if err != nil && !os.IsNotExist(err) {
		t.Errorf("lesson %s: %v", l.Number, err)
		return
	}
	if string(have) == string(want) {
		return
	}
	if *update {
		if want == nil {
			err = os.Remove(path)
		} else {
			err = os.WriteFile(path, want, 0o644)
		}
		if err != nil {
			t.Fatal(err)
		}
		return
	}
	t.Errorf("lesson %s: cells/%s is out of date with its cells; run go test ./grader/proof -run TestLessonREADMEs -update\n%s",
		l.Number, grader.CellTranscriptsFile, firstDifference(string(have), string(want)))
}

func firstDifference(a, b string) string {
	al, bl := strings.Split(a, "\n"), strings.Split(b, "\n")
	for i := 0; i < len(al) && i < len(bl); i++ {
		if al[i] != bl[i] {
			return fmt.Sprintf("line %d:", i+1) + "\n  README: " + al[i] + "\n  cells:  " + bl[i]
		}
	}
	return "the lengths differ"
}

// solutionDir returns the folder of l's generated reference solution.
func solutionDir(t testing.TB, l *grader.Lesson) string {
	t.Helper()
	dir, err := l.SolutionDir()
	if err != nil {
		t.Fatal(err)
	}
	return dir
}

func TestSameOutsideGaps(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) string {
		p := filepath.Join(dir, name)
		os.WriteFile(p, []byte(text), 0o644)
		return p
	}
	starter := write("s.go", "a\n// --- your code ---\npanic(\"F: not written yet\")\n// --- end ---\nb\n")
	good := write("g.go", "a\n// --- your code ---\nreturn 1\n// --- end ---\nb\n")
	drift := write("d.go", "a\n// --- your code ---\nreturn 1\n// --- end ---\nc\n")
	if err := sameOutsideGaps(starter, good); err != nil {
		t.Errorf("a solution that differs only in the gap: %v", err)
	}
	if err := sameOutsideGaps(starter, drift); err == nil {
		t.Errorf("a solution that differs outside the gap should be reported")
	}
	solved := write("solved.go", "a\nreturn 1\nb\n")
	if err := sameOutsideGaps(solved, solved); err != nil {
		t.Errorf("a file carried along solved, with no gap and the same in both: %v", err)
	}
	if err := sameOutsideGaps(solved, good); err == nil {
		t.Errorf("a file with no gap that differs from its solution should be reported")
	}
}
