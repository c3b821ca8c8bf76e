package web

import (
	"context"
	"net/http"
	"sync/atomic"
	"testing"
	"time"

	"harnesslab/grader"
	"harnesslab/grader/results"
)

// countingEngine passes every check at once and counts the cell runs it is
// asked for, answering them with the recorded reference cells.
type countingEngine struct{ cellRuns atomic.Int32 }

func (e *countingEngine) Check(ctx context.Context, l *grader.Lesson, src grader.Source) *results.Result {
	r := &results.Result{Lesson: l.Number, Status: results.StatusPassed}
	for _, c := range l.Checks {
		r.Checks = append(r.Checks, results.CheckResult{Name: c.Name, Lab: c.Lab, Passed: true, Points: 1, MaxPoints: 1})
	}
	return r
}

func (e *countingEngine) RunCells(ctx context.Context, l *grader.Lesson, src grader.Source, timeout time.Duration) ([]grader.Cell, error) {
	e.cellRuns.Add(1)
	return l.RecordedCells()
}

// TestLessonPageRunsNothing: a lesson page draws the reference cells, their
// outputs and recorded transcripts, from the files that keep them; Check my
// work runs the checks only (what labrun check costs), and the cells run on
// the student's code only when the student asks for them.
func TestLessonPageRunsNothing(t *testing.T) {
	kit, err := grader.FindKit("..")
	if err != nil {
		t.Fatal(err)
	}
	lessons, err := kit.Lessons()
	if err != nil {
		t.Fatal(err)
	}
	e := &countingEngine{}
	h := (&Site{Kit: kit, Lessons: lessons, Engine: e}).Handler()

	start := time.Now()
	code, page := get(t, h, "GET", "/lesson-02.html")
	if code != http.StatusOK {
		t.Fatalf("GET /lesson-02.html = %d\n%s", code, page)
	}
	if took := time.Since(start); took > time.Second {
		t.Errorf("the first lesson page took %s, want under a second", took)
	}
	mustContain(t, page, "I don&#39;t know your name.",
		`<section class="transcript" aria-label="transcript Chat with a reply that asks for two files">`)
	if n := e.cellRuns.Load(); n != 0 {
		t.Errorf("the lesson page ran the cells %d times, want none: they are recorded", n)
	}

	code, page = get(t, h, "POST", "/check-02.html")
	if code != http.StatusOK {
		t.Fatalf("POST /check-02.html = %d\n%s", code, page)
	}
	if n := e.cellRuns.Load(); n != 0 {
		t.Errorf("Check my work ran the cells %d times, want none unless asked", n)
	}
	mustContain(t, page, `<input type="hidden" name="cells" value="1">`)

	_, page = postForm(t, h, "/check-02.html", "cells=1")
	if n := e.cellRuns.Load(); n != 1 {
		t.Errorf("asked to run the cells, the page ran them %d times, want once (the student's; the reference's are recorded)", n)
	}
	mustContain(t, page, "cells, run on your code", "same output")
	if t.Failed() {
		t.Logf("the page:\n%s", page)
	}
}
