package results

import (
	"encoding/json"
	"strings"
	"testing"
)

// TestKindOfStatus: a check that did not run carries its copy's status as
// its kind, spelt the same way, so reports can tell "nocompile" apart from a
// check that failed.
func TestKindOfStatus(t *testing.T) {
	for _, s := range []Status{StatusNoCompile, StatusRejected, StatusMissing, StatusKitError} {
		if got := s.Kind(); string(got) != string(s) {
			t.Errorf("%s.Kind() = %q, want %q", s, got, s)
		}
	}
	if StatusKitError.Kind() != KindKitError {
		t.Errorf("a kit error is spelt %q as a status and %q as a kind; they must agree", StatusKitError, KindKitError)
	}
}

// TestResultJSON: the JSON names are what the reports and the resume of a
// grading run read back.
func TestResultJSON(t *testing.T) {
	r := Result{Name: "alice", Lesson: "02", Status: StatusFailed, Checks: []CheckResult{{Name: "x", Kind: KindTimeout}}}
	data, err := json.Marshal(r)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{`"status":"failed"`, `"kind":"timeout"`, `"max_score":0`, `"checks":[{"name":"x"`} {
		if !strings.Contains(string(data), want) {
			t.Errorf("JSON %s lacks %s", data, want)
		}
	}
	var back Result
	if err := json.Unmarshal(data, &back); err != nil || back.Checks[0].Kind != KindTimeout || back.Status != StatusFailed {
		t.Errorf("read back %+v (%v), want the same result", back, err)
	}
}

func TestLabNumbersCountWithinEachLab(t *testing.T) {
	got := strings.Join(LabNumbers([]int{1, 1, 2, 1, 2}), " ")
	if want := "1.1 1.2 2.1 1.3 2.2"; got != want {
		t.Errorf("LabNumbers = %s, want %s: n counts the checks of each lab, wherever they stand", got, want)
	}
}
