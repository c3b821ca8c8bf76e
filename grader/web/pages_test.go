package web

import (
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestCoursePage lists every lesson with the student's progress, and links
// the dashboard when a report is loaded.
func TestCoursePage(t *testing.T) {
	s := sharedSite(t)
	code, page := get(t, s.Handler(), "GET", "/")
	if code != http.StatusOK {
		t.Fatalf("GET / = %d", code)
	}
	for _, l := range s.Lessons {
		mustContain(t, page, `href="lesson-`+l.Number+`.html"`)
	}
	mustContain(t, page, "3/13 checks pass", "not checked yet", `href="report.html"`)
}

// TestLessonPage renders the README, draws every cell with the output the
// reference solution printed, hides the output of a question's cell until
// asked, and offers the check.
func TestLessonPage(t *testing.T) {
	if testing.Short() {
		t.Skip("runs lesson 02's cells: -short skips it; the full proof runs it")
	}
	s := sharedSite(t)
	code, page := get(t, s.Handler(), "GET", "/lesson-02.html")
	if code != http.StatusOK {
		t.Fatalf("GET /lesson-02.html = %d\n%s", code, page)
	}
	names, err := s.lesson("02").CellNames()
	if err != nil {
		t.Fatal(err)
	}
	if got := strings.Count(page, `<section class="cell"`); got != len(names) {
		t.Errorf("the page draws %d cells, the lesson has %d", got, len(names))
	}
	mustContain(t, page,
		"<h1>02 · The model can only talk</h1>",           // the README, rendered
		"I don&#39;t know your name.",                     // the first cell's real output
		`<details class="quiz"><summary>`,                 // the warm-up question's output waits
		`<form method="post" action="check-02.html"`,      // Check my work
		"1.1 ToolCalls returns every call inside a reply", // the checks list, spliced in
		`<section class="transcript" aria-label="transcript Chat with a reply that asks for two files">`) // a cell's recorded run, drawn
	if strings.Contains(page, "<!-- cell") {
		t.Error("a cell marker was left in the page")
	}
}

// TestUnknownPagesSayWhatToDo: a lesson or submission that does not exist
// is a 404 that points back to where the list is.
func TestUnknownPagesSayWhatToDo(t *testing.T) {
	s := sharedSite(t)
	cases := []struct{ reason, path, words string }{
		{"no such lesson", "/lesson-99.html", "The course page lists them all"},
		{"no such submission", "/submission-zed.html", "The dashboard lists them all"},
		{"no such page", "/nothing", "Start from the course page"},
	}
	for _, c := range cases {
		code, page := get(t, s.Handler(), "GET", c.path)
		if code != http.StatusNotFound || !strings.Contains(page, c.words) {
			t.Errorf("%s: GET %s = %d, want 404 saying %q", c.reason, c.path, code, c.words)
		}
	}
	bare := &Site{Kit: s.Kit, Lessons: s.Lessons}
	if code, page := get(t, bare.Handler(), "GET", "/report.html"); code != http.StatusNotFound || !strings.Contains(page, "labrun serve --report DIR") {
		t.Errorf("without a report, GET /report.html = %d, want 404 naming --report", code)
	}
}

// TestCheckMyWork runs the check on the lesson's own folder in a fresh
// clone (the starter, where every check fails), draws each check's verdict, and, asked with
// cells=1, lines the cells run on that code up with the reference.
func TestCheckMyWork(t *testing.T) {
	if testing.Short() {
		t.Skip("checks lesson 02 and runs its cells: -short skips it; the full proof runs it")
	}
	s := clonedSite(t)
	code, page := postForm(t, s.Handler(), "/check-02.html", "cells=1")
	if code != http.StatusOK {
		t.Fatalf("POST /check-02.html = %d\n%s", code, page)
	}
	checks := len(s.lesson("02").Checks)
	if got := strings.Count(page, `<span class="verdict">FAIL</span>`); got != checks {
		t.Errorf("the page shows %d failures, want all %d checks failing on the starter", got, checks)
	}
	mustContain(t, page, "0 of 13 checks pass", "is not written yet", "The lesson's cells, run on your code", "≠")
	if t.Failed() {
		t.Logf("the page:\n%s", page)
	}
}

// TestDashboard works out the class's figures: the histogram, the checks
// the class fails most, the most common first failure (counting only copies
// that ran), and a drill-down with the transcript of a failure.
func TestDashboard(t *testing.T) {
	s := sharedSite(t)
	d := dashboard(s.Report)
	if len(d.Histogram) != 3 || d.Histogram[0].Count != 2 || d.Histogram[1].Count != 1 || d.Histogram[2].Count != 1 {
		t.Errorf("histogram = %+v, want scores 0:2 1:1 2:1", d.Histogram)
	}
	if d.Checks[0].Name != "calls" || d.Checks[0].ID != "1.1" || d.Checks[0].Passed != 1 || d.Checks[0].Total != 4 {
		t.Errorf("most failed check = %+v, want 1.1 calls, passed 1 of 4", d.Checks[0])
	}
	if len(d.FirstFails) != 1 || d.FirstFails[0].Label != "1.1 calls" || d.FirstFails[0].Count != 2 {
		t.Errorf("first failures = %+v, want 1.1 calls by the two failed copies (not the one that did not compile)", d.FirstFails)
	}
	_, page := get(t, s.Handler(), "GET", "/report.html")
	mustContain(t, page, "4 submissions; 1 pass every check", `href="submission-bo.html"`, "nocompile (1)", "<td>1.2 <code>answer</code></td>")
	_, sub := get(t, s.Handler(), "GET", "/submission-bo.html")
	mustContain(t, sub, "calls went wrong", "<strong>Refused</strong>", "toolCall c1 has no toolResult", "42 tokens", "<code>config.py</code>")
}

// TestExportLinksWork writes the site as files and follows every relative
// link of every page to a file that exists.
func TestExportLinksWork(t *testing.T) {
	if testing.Short() {
		t.Skip("runs every lesson's cells: -short skips it; the full proof runs it")
	}
	src := sharedSite(t)
	s := &Site{Kit: src.Kit, Lessons: src.Lessons, Engine: src.Engine, Report: src.Report, cells: src.cells}
	dir := t.TempDir()
	if err := s.Export(dir); err != nil {
		t.Fatal(err)
	}
	pages, _ := filepath.Glob(filepath.Join(dir, "*.html"))
	if len(pages) != 1+len(s.Lessons)+1+len(s.Report.Submissions) {
		t.Errorf("exported %d pages, want the course, %d lessons, the dashboard and %d submissions", len(pages), len(s.Lessons), len(s.Report.Submissions))
	}
	link := regexp.MustCompile(`(?:href|action)="([^"#:]+)"`)
	for _, p := range pages {
		data, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range link.FindAllStringSubmatch(string(data), -1) {
			if _, err := os.Stat(filepath.Join(dir, m[1])); err != nil {
				t.Errorf("%s links to %s, which was not exported", filepath.Base(p), m[1])
			}
		}
		if strings.Contains(string(data), "Your progress") {
			t.Errorf("%s shows the progress of whoever exported it", filepath.Base(p))
		}
		if strings.Contains(string(data), "<form") {
			t.Errorf("%s has a form, which cannot work from files", filepath.Base(p))
		}
	}
}

// TestCheckRefusesOtherSites: a form on another site cannot make the
// student's browser run a check.
func TestCheckRefusesOtherSites(t *testing.T) {
	s := sharedSite(t)
	req := localRequest("POST", "/check-02.html")
	req.Header.Set("Origin", "http://evil.example")
	rec := httptest.NewRecorder()
	s.Handler().ServeHTTP(rec, req)
	if rec.Code != http.StatusForbidden || !strings.Contains(rec.Body.String(), "Only the pages of this site can run a check") {
		t.Errorf("POST from another origin = %d, want 403 with the reason", rec.Code)
	}
}
