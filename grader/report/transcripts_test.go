package report

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"harnesslab/grader/results"
	"harnesslab/lab"
)

// TestReportCapsTranscripts: report.json keeps a check's transcript, cut to
// MaxTranscriptBytes with a visible marker when it is bigger.
func TestReportCapsTranscripts(t *testing.T) {
	big := lab.NewTranscript("run 1")
	for range 2000 {
		big.Events = append(big.Events, lab.Event{Kind: lab.EventRead, Path: strings.Repeat("p", 100)})
	}
	r := results.Result{Name: "ada", Lesson: "02", Status: results.StatusFailed,
		Checks: []results.CheckResult{{Name: "calls", Transcripts: []lab.Transcript{big}}}}
	var buf bytes.Buffer
	if err := WriteReport(&buf, []Submission{{Result: r, Folder: "ada"}}, Options{ZeroDurations: true}); err != nil {
		t.Fatal(err)
	}
	var doc Report
	if err := json.Unmarshal(buf.Bytes(), &doc); err != nil {
		t.Fatal(err)
	}
	got := doc.Submissions[0].Checks[0].Transcripts
	if len(got) != 1 || !got[0].Cut || !strings.HasPrefix(got[0].Note, "cut:") {
		t.Fatalf("transcripts = %d, cut %v; want one marked as cut", len(got), len(got) == 1 && got[0].Cut)
	}
	if data, _ := json.Marshal(got[0]); len(data) > MaxTranscriptBytes {
		t.Errorf("the kept transcript is %d bytes of JSON, over the cap of %d", len(data), MaxTranscriptBytes)
	}
}
