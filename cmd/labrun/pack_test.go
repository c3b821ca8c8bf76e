package main

import (
	"archive/zip"
	"os"
	"path/filepath"
	"testing"
	"time"
)

// TestPackDatesEntries: each file in a packed archive is dated with its
// file's modification time, read back by archive/zip, and not left at the
// zero date zip tools show as month 0 of 1980.
func TestPackDatesEntries(t *testing.T) {
	dir := t.TempDir()
	saved := map[string]time.Time{
		"harness.go": time.Date(2026, time.November, 30, 21, 14, 5, 0, time.UTC),
		"policy.go":  time.Date(2026, time.December, 1, 8, 2, 40, 0, time.UTC),
	}
	for name, when := range saved {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte("package harness\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		if err := os.Chtimes(p, when, when); err != nil {
			t.Fatal(err)
		}
	}
	out := filepath.Join(t.TempDir(), "lesson.zip")
	if err := writePack(out, dir, []string{"harness.go", "policy.go"}); err != nil {
		t.Fatal(err)
	}
	r, err := zip.OpenReader(out)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	if len(r.File) != len(saved) {
		t.Fatalf("the archive holds %d entries, want %d", len(r.File), len(saved))
	}
	for _, f := range r.File {
		if want := saved[f.Name]; !f.Modified.Equal(want) {
			t.Errorf("%s is dated %v, want its file's time %v", f.Name, f.Modified, want)
		}
		if y := f.Modified.Year(); y < 2000 {
			t.Errorf("%s is dated in %d", f.Name, y)
		}
	}
}
