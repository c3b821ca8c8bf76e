package intake_test

import (
	"archive/zip"
	"fmt"
	"os"
	"path/filepath"

	"harnesslab/grader/intake"
)

// A folder of two submissions: one zip that climbs out of itself, and one
// folder with its file misnamed.
func Example() {
	dir, _ := os.MkdirTemp("", "intake-example-")
	defer os.RemoveAll(dir)
	subs := filepath.Join(dir, "subs")
	os.MkdirAll(filepath.Join(subs, "bob"), 0o755)
	os.WriteFile(filepath.Join(subs, "bob", "Harness.go"), []byte("package harness\n"), 0o644)
	f, _ := os.Create(filepath.Join(subs, "alice.zip"))
	w := zip.NewWriter(f)
	w.Create("../../evil.go")
	w.Close()
	f.Close()
	work := filepath.Join(dir, "work")
	os.Mkdir(work, 0o700)

	sources, _, err := intake.Expand([]string{subs}, []string{"harness.go"})
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, src := range sources {
		sub := intake.Take(src, []string{"harness.go"}, work, intake.Limits{})
		fmt.Printf("%s (%s): %s\n  %s\n", sub.Name, src.Kind, sub.Problem.Kind, sub.Problem.Message)
	}
	// Output:
	// alice (zip): bad_archive
	//   entry ../../evil.go climbs out of the archive (its path holds ".."); the whole archive is refused: ask for a plain .zip or .tar.gz of the submission folder, without links
	// bob (dir): missing
	//   harness.go is missing; found Harness.go: the file must be named exactly harness.go
}
