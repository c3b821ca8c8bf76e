package gosource

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// BenchmarkCheck measures the validator on lesson 02's solution, and on a
// file of the largest size accepted: go test -bench . -run '^$'.
func BenchmarkCheck(b *testing.B) {
	paths, _ := filepath.Glob("../../lessons/02-*/harness.go")
	if len(paths) != 1 {
		b.Fatalf("lesson 02's solution not found: %q", paths)
	}
	solution, err := os.ReadFile(paths[0])
	if err != nil {
		b.Fatal(err)
	}
	largest := []byte(strings.Repeat(string(solution), MaxBytes/len(solution)))
	for _, bc := range []struct {
		name string
		data []byte
	}{{"solution", solution}, {"largest", largest}} {
		b.Run(bc.name, func(b *testing.B) {
			b.SetBytes(int64(len(bc.data)))
			for b.Loop() {
				Check("harness.go", bc.data, int64(len(bc.data)), lesson02)
			}
		})
	}
}
