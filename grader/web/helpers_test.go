package web

import (
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"harnesslab/grader"
	"harnesslab/grader/engine"
	"harnesslab/grader/kitcopy"
	"harnesslab/grader/report"
	"harnesslab/grader/results"
	"harnesslab/lab"
)

var (
	kitOnce sync.Once
	kitSite *Site
	kitErr  error
)

// localEngine runs checks and cells in this process, as labrun serve does.
type localEngine struct{}

func (localEngine) Check(ctx context.Context, l *grader.Lesson, src grader.Source) *results.Result {
	return engine.Check(ctx, l, src, engine.Options{})
}

func (localEngine) RunCells(ctx context.Context, l *grader.Lesson, src grader.Source, timeout time.Duration) ([]grader.Cell, error) {
	return engine.RunCells(ctx, l, src, timeout)
}

// sharedSite is one Site over the repository's own kit, shared by the tests
// so the cells of a lesson are built and run once.
func sharedSite(t *testing.T) *Site {
	t.Helper()
	kitOnce.Do(func() {
		kit, err := grader.FindKit("..")
		if err != nil {
			kitErr = err
			return
		}
		lessons, err := kit.Lessons()
		kitSite, kitErr = &Site{Kit: kit, Lessons: lessons, Engine: localEngine{}, Progress: map[string]string{"02": "3/13 checks pass"}, Report: classReport()}, err
	})
	if kitErr != nil {
		t.Fatalf("load the kit: %v", kitErr)
	}
	return kitSite
}

var (
	cloneOnce sync.Once
	cloneDir  string
	cloneSite *Site
	cloneErr  error
)

// clonedSite is one Site over a copy of the kit made as a fresh clone is
// (kitcopy.Copy: the pristine starters in the lesson folders), for the tests
// that check the lesson's own folder: they stay green whatever a student has
// written in the kit's lessons. removeClone removes the copy.
func clonedSite(t *testing.T) *Site {
	t.Helper()
	src := sharedSite(t)
	cloneOnce.Do(func() {
		cloneDir, cloneErr = os.MkdirTemp("", "harnesslab-web-")
		if cloneErr != nil {
			return
		}
		root := filepath.Join(cloneDir, "kit")
		if cloneErr = kitcopy.Copy(src.Kit.Root, root); cloneErr != nil {
			return
		}
		kit := &grader.Kit{Root: root}
		lessons, err := kit.Lessons()
		cloneSite, cloneErr = &Site{Kit: kit, Lessons: lessons, Engine: localEngine{}, Progress: src.Progress, Report: src.Report}, err
	})
	if cloneErr != nil {
		t.Fatalf("copy the kit: %v", cloneErr)
	}
	return cloneSite
}

// removeClone removes the copy of the kit clonedSite made, if any.
func removeClone() {
	if cloneDir != "" {
		os.RemoveAll(cloneDir)
	}
}

// get fetches path from h and returns the status and the body.
func get(t *testing.T, h http.Handler, method, path string) (int, string) {
	t.Helper()
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, localRequest(method, path))
	body, _ := io.ReadAll(rec.Result().Body)
	return rec.Code, string(body)
}

// postForm posts the form fields in body (a=1&b=2) to path on h, as the
// site's own page would, and returns the status and the body.
func postForm(t *testing.T, h http.Handler, path, body string) (int, string) {
	t.Helper()
	req := httptest.NewRequest("POST", path, strings.NewReader(body))
	req.Host = "127.0.0.1:8080"
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	out, _ := io.ReadAll(rec.Result().Body)
	return rec.Code, string(out)
}

// localRequest is a request as a browser on this machine sends it to
// labrun serve: its Host is 127.0.0.1 and a port.
func localRequest(method, path string) *http.Request {
	req := httptest.NewRequest(method, path, nil)
	req.Host = "127.0.0.1:8080"
	return req
}

// mustContain fails for every piece the page lacks.
func mustContain(t *testing.T, page string, pieces ...string) {
	t.Helper()
	for _, p := range pieces {
		if !strings.Contains(page, p) {
			t.Errorf("the page lacks %q", p)
		}
	}
}

// classReport is a small graded class: one passed, two failed (both failing
// "calls" first), one that did not compile, and a transcript with a refusal.
func classReport() *report.Report {
	check := func(name string, passed bool) results.CheckResult {
		c := results.CheckResult{Name: name, Sentence: "the " + name + " sentence", Lab: 1, Passed: passed, MaxPoints: 1}
		if passed {
			c.Points = 1
		} else {
			c.Kind, c.Message = results.Kind("failed"), name+" went wrong"
		}
		return c
	}
	refused := lab.NewTranscript("run 1 of the scenario (the lesson's files): Chat")
	refused.Events = []lab.Event{
		{Kind: lab.EventRequest, System: "sys", Tokens: 42, Messages: []lab.WireMessage{{Role: lab.RoleUser, Content: "What port?"}}},
		{Kind: lab.EventRefusal, Error: "400 invalid_request: messages[1]: toolCall c1 has no toolResult"},
		{Kind: lab.EventRead, Path: "config.py"},
	}
	failing := check("calls", false)
	failing.Transcripts = []lab.Transcript{refused}
	sub := func(name string, status results.Status, checks ...results.CheckResult) report.Submission {
		r := results.Result{Name: name, Lesson: "02", Status: status, MaxScore: 2, Checks: checks}
		results.Renumber(r.Checks)
		for _, c := range checks {
			r.Score += c.Points
		}
		return report.Submission{Result: r, Folder: name}
	}
	return &report.Report{Format: report.ReportFormat, Version: report.ReportVersion, Lesson: "02", Submissions: []report.Submission{
		sub("ada", results.StatusPassed, check("calls", true), check("answer", true)),
		sub("bo", results.StatusFailed, failing, check("answer", true)),
		sub("cy", results.StatusFailed, check("calls", false), check("answer", false)),
		sub("dee", results.StatusNoCompile, check("calls", false), check("answer", false)),
	}}
}
