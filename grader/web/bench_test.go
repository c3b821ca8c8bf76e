package web

import (
	"fmt"
	"net/http/httptest"
	"testing"

	"harnesslab/grader/report"
	"harnesslab/grader/results"
	"harnesslab/lab"
)

// bigClass is a class of n submissions with checks checks each, every
// failed check carrying a two-request transcript.
func bigClass(n, checks int) *report.Report {
	tr := lab.NewTranscript("run 1 of the scenario (the lesson's files): Chat")
	msgs := []lab.WireMessage{{Role: lab.RoleUser, Content: "What port?"},
		{Role: lab.RoleAssistant, Blocks: []lab.WireBlock{{Type: lab.ToolCallBlock, ID: "c1", Name: "read", Arguments: lab.Args{"path": "config.py"}}}},
		{Role: lab.RoleToolResult, ToolCallID: "c1", ToolName: "read", Content: "PORT = 9090\n"}}
	tr.Events = []lab.Event{{Kind: lab.EventRequest, Tokens: 78, Messages: msgs[:1]}, {Kind: lab.EventRead, Path: "config.py"},
		{Kind: lab.EventRequest, Tokens: 120, Messages: msgs}, {Kind: lab.EventRefusal, Error: "400 invalid_request"}}
	r := &report.Report{Format: report.ReportFormat, Version: report.ReportVersion, Lesson: "02"}
	for i := range n {
		res := results.Result{Name: fmt.Sprintf("s%03d", i), Lesson: "02", Status: results.StatusFailed, MaxScore: float64(checks)}
		for c := range checks {
			cr := results.CheckResult{Name: fmt.Sprintf("check_%02d", c), Lab: 1, MaxPoints: 1, Passed: (i+c)%3 != 0}
			if !cr.Passed {
				cr.Message, cr.Transcripts = "wrong", []lab.Transcript{tr}
			} else {
				cr.Points = 1
				res.Score++
			}
			res.Checks = append(res.Checks, cr)
		}
		r.Submissions = append(r.Submissions, report.Submission{Result: res, Folder: res.Name})
	}
	return r
}

// BenchmarkDashboardPage draws the dashboard of a 300-submission class.
func BenchmarkDashboardPage(b *testing.B) {
	h := (&Site{Report: bigClass(300, 13)}).Handler()
	for b.Loop() {
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, localRequest("GET", "/report.html"))
	}
}

// BenchmarkSubmissionPage draws one submission with 13 checks, a third of
// them failed with a transcript.
func BenchmarkSubmissionPage(b *testing.B) {
	h := (&Site{Report: bigClass(300, 13)}).Handler()
	for b.Loop() {
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, localRequest("GET", "/submission-s150.html"))
	}
}
