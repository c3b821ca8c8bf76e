//go:build unix

package intake

import (
	"path/filepath"
	"syscall"
	"testing"
)

// TestTakeNamedPipes checks that a named pipe, which would block whoever
// opens it, is never opened: neither as an archive nor as a student file.
func TestTakeNamedPipes(t *testing.T) {
	runTakeCases(t, []takeCase{
		{name: "a named pipe named .zip", build: func(t testing.TB, dir string) Source {
			p := filepath.Join(dir, "a.zip")
			if err := syscall.Mkfifo(p, 0o644); err != nil {
				t.Skipf("mkfifo: %v", err)
			}
			return Source{Name: "alice", Path: p, Kind: KindZip}
		}, kind: ProblemBadArchive, words: []string{"a.zip is not a regular file"}},
		{name: "a named pipe as the student file", build: func(t testing.TB, dir string) Source {
			src := folderAt(map[string]string{"x.txt": "x"})(t, dir)
			if err := syscall.Mkfifo(filepath.Join(src.Path, "harness.go"), 0o644); err != nil {
				t.Skipf("mkfifo: %v", err)
			}
			return src
		}, kind: ProblemBadSource, words: []string{"harness.go is not a regular file"}},
	})
}
