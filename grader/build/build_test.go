package build

import (
	"context"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"harnesslab/grader"
	"harnesslab/grader/results"
	"harnesslab/grader/sandbox"
)

// lesson02 returns lesson 02 and a toolchain for it, prepared once for all
// the tests of this file.
var lesson02 = sync.OnceValues(func() (*Toolchain, error) {
	kit, err := grader.FindKit(".")
	if err != nil {
		return nil, err
	}
	l, err := kit.Lesson("02")
	if err != nil {
		return nil, err
	}
	return Prepare(context.Background(), l)
})

// TestMain calls sandbox.Init first, as every program that builds check
// programs must: the compiler and the linker run through the sandbox.
func TestMain(m *testing.M) {
	sandbox.Init()
	os.Exit(m.Run())
}

// buildCopy builds the student files of src with tc, as a check does before
// it runs anything: the files found, the source rules, then the build. A
// copy that builds gets status passed; one that does not, the result that
// says why.
func buildCopy(ctx context.Context, tc *Toolchain, src grader.Source, work string) *results.Result {
	l := tc.Lesson()
	files, shown, fail := l.Locate(src)
	if fail == nil {
		fail = l.CheckSources(files, shown)
	}
	if fail == nil {
		_, fail = tc.Build(ctx, files, shown, work)
	}
	if fail == nil {
		return &results.Result{Status: results.StatusPassed}
	}
	return fail
}

// solutionDir returns the folder of l's generated reference solution.
func solutionDir(t testing.TB, l *grader.Lesson) string {
	t.Helper()
	dir, err := l.SolutionDir()
	if err != nil {
		t.Fatal(err)
	}
	return dir
}

// studentCopy writes the lesson's reference solution with extra appended to
// its file into a fresh folder, and returns the folder.
func studentCopy(t *testing.T, l *grader.Lesson, extra string) string {
	t.Helper()
	dir := t.TempDir()
	for _, name := range l.StudentFiles {
		data, err := os.ReadFile(filepath.Join(solutionDir(t, l), name))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, name), append(data, extra...), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// biggestFile returns the size of the largest file under dir.
func biggestFile(t *testing.T, dir string) int64 {
	t.Helper()
	var most int64
	filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			if info, err := d.Info(); err == nil && info.Size() > most {
				most = info.Size()
			}
		}
		return nil
	})
	return most
}

// TestBuildLimitsAreTheStudents feeds the compiler code that takes too much
// of it. Each case must end as the student's failure, in words that say which
// limit and what to do, not as a failure of the kit, and leave no big file.
func TestBuildLimitsAreTheStudents(t *testing.T) {
	base, err := lesson02()
	if err != nil {
		t.Fatal(err)
	}
	l := base.lesson
	for _, c := range []struct {
		reason string
		code   string
		limits Limits
		want   []string
	}{
		{"a generic type bomb: each type doubles the one before, so the compiler's memory grows without end",
			typeBomb, Limits{Memory: 256 << 20},
			[]string{"compiling your code used more than 256 mib of memory", "the compiler stopped", "make them simpler"}},
		{"a huge array literal: the compiler writes it whole into the object file",
			"\nvar big = [64 << 20]byte{64<<20 - 1: 1}\n\nfunc Big() byte { return big[len(big)-1] }\n", Limits{FileBytes: 4 << 20},
			[]string{"compiling your code wrote a file larger than 4 mib", "build big data while the program runs"}},
	} {
		tc := *base
		tc.Limits = c.limits
		work := t.TempDir()
		r := buildCopy(context.Background(), &tc, grader.Source{Dir: studentCopy(t, l, c.code)}, work)
		if r.Status != results.StatusNoCompile {
			t.Errorf("%s: status %s (%s), want %s", c.reason, r.Status, r.Message, results.StatusNoCompile)
		}
		for _, w := range c.want {
			if !strings.Contains(strings.ToLower(r.Message), w) {
				t.Errorf("%s: message %q should say %q", c.reason, r.Message, w)
			}
		}
		if most, limit := biggestFile(t, work), c.limits.withDefaults().FileBytes; most >= limit {
			t.Errorf("%s: the work folder keeps a file of %d bytes; the limit is %d", c.reason, most, limit)
		}
	}
}

// typeBomb declares types that each nest the one before twice: T30[int]
// spells T1 nested 2^29 times.
var typeBomb = func() string {
	var b strings.Builder
	b.WriteString("\ntype T1[P any] struct{ f P }\n")
	for i := 2; i <= 30; i++ {
		fmt.Fprintf(&b, "type T%d[P any] T%d[T%d[P]]\n", i, i-1, i-1)
	}
	b.WriteString("\nvar Bomb T30[int]\n")
	return b.String()
}()

// TestBuildOutOfTime: a build stopped by its own time limit, or by the time
// the whole copy had, is the student's failure, not the kit's.
func TestBuildOutOfTime(t *testing.T) {
	base, err := lesson02()
	if err != nil {
		t.Fatal(err)
	}
	l := base.lesson
	tc := *base
	tc.Limits = Limits{Timeout: time.Nanosecond}
	r := buildCopy(context.Background(), &tc, grader.Source{Dir: solutionDir(t, l)}, t.TempDir())
	if r.Status != results.StatusNoCompile || !strings.Contains(r.Message, "Compiling your code took longer than 1ns, the limit") {
		t.Errorf("a step over its time limit: status %s, message %q; want nocompile, saying it took longer than 1ns", r.Status, r.Message)
	}
	ctx, cancel := context.WithDeadline(context.Background(), time.Now().Add(-time.Second))
	defer cancel()
	r = buildCopy(ctx, base, grader.Source{Dir: solutionDir(t, l)}, t.TempDir())
	if r.Status != results.StatusNoCompile || !strings.Contains(r.Message, "used up the time this copy had") {
		t.Errorf("a copy out of time: status %s, message %q; want nocompile, saying it used up its time", r.Status, r.Message)
	}
}

// TestBuildWordsCompileErrors: the compiler's errors point at the student's
// file, and a function the checks call but the student renamed is explained.
func TestBuildWordsCompileErrors(t *testing.T) {
	base, err := lesson02()
	if err != nil {
		t.Fatal(err)
	}
	l := base.lesson
	for _, c := range []struct {
		reason string
		edit   func(string) string
		want   []string
	}{
		{"a type error in the student's file",
			func(s string) string { return s + "\nfunc Broken() int { return \"x\" }\n" },
			[]string{"Your code does not compile:", "mine/harness.go:", "cannot use \"x\""}},
		{"a function the checks call has another name",
			func(s string) string { return strings.ReplaceAll(s, "ToolCalls(", "CallsOf(") },
			[]string{"the checks cannot call it", "undefined: harness.ToolCalls"}},
	} {
		src := studentCopy(t, l, "")
		path := filepath.Join(src, "harness.go")
		data, _ := os.ReadFile(path)
		os.WriteFile(path, []byte(c.edit(string(data))), 0o644)
		r := buildCopy(context.Background(), base, grader.Source{Dir: src, Shown: "mine"}, t.TempDir())
		if r.Status != results.StatusNoCompile {
			t.Errorf("%s: status %s (%s), want nocompile", c.reason, r.Status, r.Message)
		}
		for _, w := range c.want {
			if !strings.Contains(r.Message, w) {
				t.Errorf("%s: message %q should say %q", c.reason, r.Message, w)
			}
		}
	}
}

// TestOutOfMemoryLine finds the line that says a tool ran out of memory, in
// the words of the Go runtime and of the C toolchain, and nothing in a
// compile error.
func TestOutOfMemoryLine(t *testing.T) {
	for _, c := range []struct{ reason, stderr, want string }{
		{"the Go runtime could not grow the heap", "fatal error: runtime: cannot allocate memory\n\ngoroutine 1 [running]:", "fatal error: runtime: cannot allocate memory"},
		{"the Go runtime ran out", "runtime: out of memory: cannot allocate 4194304-byte block\nfatal error: out of memory", "runtime: out of memory: cannot allocate 4194304-byte block"},
		{"the external linker ran out", "/usr/bin/ld: memory exhausted\ncollect2: error", "/usr/bin/ld: memory exhausted"},
		{"a compile error is not a memory limit", "harness.go:3:1: undefined: x", ""},
	} {
		if got := outOfMemoryLine(c.stderr); got != c.want {
			t.Errorf("%s: outOfMemoryLine = %q, want %q", c.reason, got, c.want)
		}
	}
}

// TestToolCrashLine finds the line where the compiler's own runtime says it
// crashed, and nothing in a compile error.
func TestToolCrashLine(t *testing.T) {
	for _, c := range []struct{ reason, stderr, want string }{
		{"the compiler crashed in its garbage collector", "SIGSEGV: segmentation violation\nPC=0x43cefd m=0 sigcode=1 addr=0x0\ngoroutine 0 gp=0x1ab3080 m=0 [idle]:\nruntime.(*spanQueue).tryDrain(...)", "SIGSEGV: segmentation violation"},
		{"indented", "  SIGSEGV: segmentation violation\n  goroutine 0 [idle]:", "SIGSEGV: segmentation violation"},
		{"a compile error is not a crash", "harness.go:3:1: undefined: x", ""},
		{"a word in a compile error is not a crash", "harness.go:3:1: undefined: SIGSEGV", ""},
	} {
		if got := toolCrashLine(c.stderr); got != c.want {
			t.Errorf("%s: toolCrashLine = %q, want %q", c.reason, got, c.want)
		}
	}
}

// TestLinkFailureWords: a link that fails for the student's code is theirs;
// one where the C toolchain is missing is the machine's.
func TestLinkFailureWords(t *testing.T) {
	for _, c := range []struct {
		reason, out string
		status      results.Status
		want        string
	}{
		{"the linker refused the student's code", "main.main: relocation target harness.X not defined", results.StatusNoCompile, "cannot be linked with it"},
		{"gcc is not installed", `link: running gcc failed: exec: "gcc": executable file not found in $PATH`, results.StatusKitError, "libc6-dev"},
		{"the static C library is missing", "/usr/bin/ld: cannot find -lc: No such file or directory\ncollect2: error: ld returned 1 exit status", results.StatusKitError, "not your code's fault"},
	} {
		r := linkFailure(c.out)
		if r.Status != c.status || !strings.Contains(r.Message, c.want) {
			t.Errorf("%s: %s %q; want %s, saying %q", c.reason, r.Status, r.Message, c.status, c.want)
		}
	}
}
