package report

import (
	"bytes"
	"encoding/json"
	"harnesslab/grader/results"
	"os"
	"path/filepath"
	"slices"
	"testing"
)

// TestReportIncomplete: a run stopped with submissions left says so in
// report.json, with how many; a complete run writes neither field, so its
// report is the same as before the fields existed.
func TestReportIncomplete(t *testing.T) {
	subs := []Submission{{Result: results.Result{Name: "alice", Lesson: "01", Status: results.StatusPassed}, Folder: "alice"}}
	for _, tc := range []struct {
		reason string
		left   int
	}{
		{"two submissions were not graded", 2},
		{"every submission was graded", 0},
	} {
		var b bytes.Buffer
		if err := WriteReport(&b, subs, Options{Left: tc.left}); err != nil {
			t.Fatal(err)
		}
		var doc map[string]any
		if err := json.Unmarshal(b.Bytes(), &doc); err != nil {
			t.Fatal(err)
		}
		_, hasIncomplete := doc["incomplete"]
		_, hasLeft := doc["left"]
		if tc.left == 0 {
			if hasIncomplete || hasLeft {
				t.Errorf("%s: report.json has incomplete=%v left=%v, want neither field", tc.reason, doc["incomplete"], doc["left"])
			}
			continue
		}
		if doc["incomplete"] != true || doc["left"] != float64(tc.left) {
			t.Errorf("%s: report.json has incomplete=%v left=%v, want true and %d", tc.reason, doc["incomplete"], doc["left"], tc.left)
		}
	}
}

// TestRemoveTemporary: the temporary files of writes killed midway, in the
// run's folder and in submissions' folders, are removed; reports and other
// files stay.
func TestRemoveTemporary(t *testing.T) {
	dir := t.TempDir()
	files := map[string]bool{ // path: kept
		"grades.csv":               true,
		".report.json.tmp-123":     false,
		"alice/results.json":       true,
		"alice/.result.json.tmp-9": false,
		"bob/.results.json.tmp-77": false,
		"bob/notes.tmp-1":          true, // not one of ours: no leading dot
		"carol/.hidden":            true,
		".labrun.lock":             true,
	}
	for p := range files {
		path := filepath.Join(dir, p)
		os.MkdirAll(filepath.Dir(path), 0o755)
		if err := os.WriteFile(path, []byte("x"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := RemoveTemporary(dir); err != nil {
		t.Fatal(err)
	}
	var kept, want []string
	for p, keep := range files {
		if _, err := os.Stat(filepath.Join(dir, p)); err == nil {
			kept = append(kept, p)
		}
		if keep {
			want = append(want, p)
		}
	}
	slices.Sort(kept)
	slices.Sort(want)
	if !slices.Equal(kept, want) {
		t.Errorf("after RemoveTemporary the folder holds %q, want %q", kept, want)
	}
	if err := RemoveTemporary(filepath.Join(dir, "missing")); err != nil {
		t.Errorf("a missing folder has nothing to remove, got %v", err)
	}
}
