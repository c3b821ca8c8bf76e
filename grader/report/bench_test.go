package report

import (
	"fmt"
	"harnesslab/grader/results"
	"testing"
)

// BenchmarkRun writes the reports of a class of 500 submissions as a
// grading run does: each submission's files, then Load and the run's
// files. It measures what naming folders safely costs (compare it with
// an older checkout: go test -bench Run -run '^$' ./grader/report).
func BenchmarkRun(b *testing.B) {
	base := fixtures()
	var class []results.Result
	for i := range 500 {
		r := base[i%len(base)]
		r.Name = fmt.Sprintf("student%03d", i)
		class = append(class, r)
	}
	opt := Options{KitVersion: "v", ZeroDurations: true}
	for b.Loop() {
		dir := b.TempDir()
		for _, r := range class {
			if err := WriteSubmission(dir, r, opt); err != nil {
				b.Fatal(err)
			}
		}
		all, err := Load(dir)
		if err != nil {
			b.Fatal(err)
		}
		if len(all) != len(class) {
			b.Fatalf("Load gave %d submissions, want %d", len(all), len(class))
		}
		if err := WriteRun(dir, all, opt); err != nil {
			b.Fatal(err)
		}
	}
}
