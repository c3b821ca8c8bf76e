package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"harnesslab/grader/report"
	"harnesslab/grader/results"
)

// shardDir writes a shard's output folder as labrun grade does: one
// submission per name, graded with kit version.
func shardDir(t *testing.T, version string, names ...string) string {
	t.Helper()
	dir := t.TempDir()
	var all []results.Result
	for _, name := range names {
		r := results.Result{Name: name, Lesson: "01", Status: results.StatusPassed, Score: 1, MaxScore: 1}
		all = append(all, r)
		if err := report.WriteSubmission(dir, r, report.Options{KitVersion: version}); err != nil {
			t.Fatal(err)
		}
	}
	if err := report.WriteRun(dir, all, report.Options{KitVersion: version}); err != nil {
		t.Fatal(err)
	}
	return dir
}

// mergedKit runs labrun merge of shards and returns the kit version of the
// merged report.json and what labrun wrote to stderr.
func mergedKit(t *testing.T, shards ...string) (string, string) {
	t.Helper()
	out := filepath.Join(t.TempDir(), "all")
	var stdout, stderr bytes.Buffer
	if err := run(append([]string{"merge", "--out", out}, shards...), &stdout, &stderr); err != nil {
		t.Fatalf("merge: %v\n%s", err, stderr.String())
	}
	data, err := os.ReadFile(filepath.Join(out, report.ReportFile))
	if err != nil {
		t.Fatal(err)
	}
	var doc report.Report
	if err := json.Unmarshal(data, &doc); err != nil {
		t.Fatal(err)
	}
	subs, err := report.LoadSubmissions(out)
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range subs {
		if s.KitVersion == "" {
			t.Errorf("merged submission %s lost its kit version", s.Name)
		}
	}
	return doc.KitVersion, stderr.String()
}

func TestMergeKeepsKitVersion(t *testing.T) {
	v := strings.Repeat("a1", 20)
	got, warn := mergedKit(t, shardDir(t, v, "alice", "bob"), shardDir(t, v, "carol"))
	if got != v || warn != "" {
		t.Errorf("merging shards of kit %s: kit_version %q, warnings %q; want the version, no warning", v, got, warn)
	}
}

func TestMergeDifferentKits(t *testing.T) {
	v1, v2 := strings.Repeat("a1", 20), strings.Repeat("b2", 20)
	got, warn := mergedKit(t, shardDir(t, v2, "alice"), shardDir(t, v1, "bob"))
	if got != v1+", "+v2 {
		t.Errorf("merging shards of two kits: kit_version %q, want both, sorted", got)
	}
	if !strings.Contains(warn, "graded with different kits") {
		t.Errorf("merging shards of two kits warned %q; want a warning that says so", warn)
	}
}

// TestMergeOlderShard: a shard written before result.json carried the kit
// version still gives the version its report.json names.
func TestMergeOlderShard(t *testing.T) {
	v := strings.Repeat("c3", 20)
	dir := shardDir(t, v, "alice")
	path := filepath.Join(dir, "alice", report.ResultFile)
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	old := strings.Replace(string(data), `"kit_version": "`+v+`",`, "", 1)
	if old == string(data) {
		t.Fatalf("result.json does not hold the kit version to remove:\n%s", data)
	}
	if err := os.WriteFile(path, []byte(old), 0o644); err != nil {
		t.Fatal(err)
	}
	if got, _ := mergedKit(t, dir); got != v {
		t.Errorf("merging a shard whose results carry no kit version: kit_version %q, want the shard's %q", got, v)
	}
}
