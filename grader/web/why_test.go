package web

import (
	"net/http"
	"testing"

	"harnesslab/grader/report"
	"harnesslab/grader/results"
)

// TestDashboardSaysWhereItHung: a submission that hung reads "timed out in
// ToolCalls" in the dashboard's why column, as its own page says, rather
// than only how many checks passed.
func TestDashboardSaysWhereItHung(t *testing.T) {
	r := classReport()
	hung := results.Result{Name: "eve", Lesson: "02", Status: results.StatusFailed, Message: "1 of 2 checks passed", MaxScore: 2, Score: 1,
		Checks: []results.CheckResult{
			{Name: "calls", Lab: 1, Passed: false, Kind: "timeout", MaxPoints: 1,
				Message: "timed out: the check was still running after 5s, inside ToolCalls (harness.go). Is there a loop that never ends?"},
			{Name: "answer", Lab: 1, Passed: true, Points: 1, MaxPoints: 1},
		}}
	results.Renumber(hung.Checks)
	r.Submissions = append(r.Submissions, report.Submission{Result: hung, Folder: "eve"})
	code, page := get(t, (&Site{Report: r}).Handler(), "GET", "/report.html")
	if code != http.StatusOK {
		t.Fatalf("GET /report.html = %d", code)
	}
	mustContain(t, page, "<td>timed out in ToolCalls (check 1.1 calls); 1 of 2 checks passed</td>")
}

// TestSubmissionPageSaysWhereFilesWere: a submission whose files were found
// in a folder of their own says where, on its page.
func TestSubmissionPageSaysWhereFilesWere(t *testing.T) {
	r := classReport()
	r.Submissions[0].Notes = []string{"harness.go was taken from lesson02/src/harness.go, the one place the submission holds it"}
	code, page := get(t, (&Site{Report: r}).Handler(), "GET", "/"+submissionPage(r.Submissions[0].Folder))
	if code != http.StatusOK {
		t.Fatalf("GET the submission page = %d", code)
	}
	mustContain(t, page, `<p class="note">harness.go was taken from lesson02/src/harness.go`)
}
