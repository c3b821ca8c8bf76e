package build

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"harnesslab/grader"
	"harnesslab/grader/results"
)

// TestLoaderRefused: a student line that makes the linker ask for a dynamic
// loader and a library is refused twice over. The source rules refuse the
// directive before anything is built; and should a line like it ever get past
// them, the build refuses the linked program before it runs.
func TestLoaderRefused(t *testing.T) {
	tc, err := lesson02()
	if err != nil {
		t.Fatal(err)
	}
	l := tc.lesson
	src := studentCopy(t, l, "\n//go:cgo_import_dynamic libc_getpid getpid \"libc.so.6\"\n//go:cgo_import_dynamic _ _ \"libc.so.6\"\n")
	r := buildCopy(context.Background(), tc, grader.Source{Dir: src}, t.TempDir())
	if r.Status != results.StatusRejected || !strings.Contains(r.Message, "//go:cgo_import_dynamic is a compiler directive") {
		t.Errorf("the source rules should refuse the directive: status %s (%s)", r.Status, r.Message)
	}

	// The layer below: build the same copy without the source rules.
	work := t.TempDir()
	kitPath := filepath.Join(l.Dir, "harness.go")
	files := map[string]string{kitPath: filepath.Join(src, "harness.go")}
	shown := map[string]string{kitPath: "harness.go"}
	bin, failed := tc.Build(context.Background(), files, shown, work)
	if failed == nil {
		t.Fatalf("the build linked %s, a program that needs a dynamic loader, and did not refuse it", bin)
	}
	if failed.Status != results.StatusRejected {
		t.Fatalf("status %s (%s), want %s", failed.Status, failed.Message, results.StatusRejected)
	}
	for _, w := range []string{"the dynamic loader", "the library libc.so.6", "//go:cgo_import_dynamic", "remove it"} {
		if !strings.Contains(failed.Message, w) {
			t.Errorf("message %q should say %q", failed.Message, w)
		}
	}
	if _, err := os.Stat(filepath.Join(work, "checks")); err == nil {
		t.Errorf("the refused check program is still in the work folder")
	}
}

// TestLoaderNeeds reads what programs ask of a dynamic loader: a check
// program built from the solution asks nothing, a dynamically linked system
// program asks for the loader, and a file that is not a program is an error.
func TestLoaderNeeds(t *testing.T) {
	tc, err := lesson02()
	if err != nil {
		t.Fatal(err)
	}
	files, shown, fail := tc.lesson.Locate(grader.Source{Dir: solutionDir(t, tc.lesson)})
	if fail != nil {
		t.Fatal(fail.Message)
	}
	bin, fail := tc.Build(context.Background(), files, shown, t.TempDir())
	if fail != nil {
		t.Fatalf("build the solution: %s: %s", fail.Status, fail.Message)
	}
	if needs, err := loaderNeeds(bin); err != nil || len(needs) != 0 {
		t.Errorf("loaderNeeds(solution's check program) = %q, %v; want nothing", needs, err)
	}
	if sh := "/bin/sh"; isDynamic(sh) {
		needs, err := loaderNeeds(sh)
		if err != nil || len(needs) == 0 || !strings.HasPrefix(needs[0], "the dynamic loader /") {
			t.Errorf("loaderNeeds(%s) = %q, %v; want the dynamic loader first", sh, needs, err)
		}
	}
	text := filepath.Join(t.TempDir(), "notes.txt")
	os.WriteFile(text, []byte("not a program"), 0o644)
	if _, err := loaderNeeds(text); err == nil {
		t.Errorf("loaderNeeds(a text file) gave no error")
	}
}

// isDynamic reports whether path looks like a program with a PT_INTERP
// header, judged by the loader's name in its first bytes.
func isDynamic(path string) bool {
	data, err := os.ReadFile(path)
	return err == nil && strings.Contains(string(data[:min(len(data), 4096)]), "ld-linux")
}
