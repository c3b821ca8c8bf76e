package grader

import (
	"context"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

var update = flag.Bool("update", false, "rewrite the cells in every lesson's README.md")

func testKit(t *testing.T) (*Kit, []*Lesson) {
	t.Helper()
	kit, err := FindKit(".")
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

// TestVerify is labrun verify, one subtest per lesson (go test ./grader -run
// TestVerify/05 proves lesson 05 alone): every starter builds and fails,
// every solution passes, every variant gets its declared outcome, every
// check is failed by a wrong_* variant. Checks run with verifyTimeout, room
// for a machine busy with other work.
func TestVerify(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs every starter, solution and variant of every lesson: -short skips it; the full proof runs it")
	}
	kit, lessons := testKit(t)
	for _, l := range lessons {
		t.Run(l.Number, func(t *testing.T) {
			p := kit.Verify(context.Background(), []*Lesson{l}, Options{CheckTimeout: VerifyTimeout}, nil)[0]
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
		cells, err := l.RunCells(context.Background(), Source{Dir: solutionDir(t, l)}, 20*time.Second)
		if err != nil {
			t.Errorf("lesson %s: %v", l.Number, err)
			continue
		}
		got, err := SpliceCells(string(data), cells)
		if err == nil {
			got, err = l.SpliceChecks(got)
		}
		if err != nil {
			t.Errorf("lesson %s: %v", l.Number, err)
			continue
		}
		if got == string(data) {
			continue
		}
		if *update {
			if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		t.Errorf("lesson %s: README.md is out of date with its cells; run go test ./grader -run TestLessonREADMEs -update\n%s",
			l.Number, firstDifference(string(data), got))
	}
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
