package proof

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"sync"

	"harnesslab/grader"
	"harnesslab/grader/build"
	"harnesslab/grader/checkkit"
	"harnesslab/grader/engine"
	"harnesslab/grader/results"
)

// CheckTimeout is how much processor time one check may use when the kit
// proves itself (labrun verify, TestVerify): the default limit. Processor
// time does not grow when the machine is busy with other work, and the wall
// clock's ceiling (checkkit.WallFactor times the limit) is what the whole
// limit used to be here, so a busy machine neither fails a solution nor
// makes a variant fail a check it should pass.
const CheckTimeout = checkkit.DefaultTimeout

// Finding is one thing verify found wrong with the kit.
type Finding struct {
	Lesson string
	Text   string
}

// LessonProof is what verify measured for one lesson.
type LessonProof struct {
	Lesson         *grader.Lesson
	StarterFailing int      // checks the starter fails
	SolutionPassed bool     //
	Variants       int      // variants run
	Unkilled       []string // checks no wrong_* variant fails
	Findings       []Finding
}

// Verify proves the kit, lesson by lesson: every starter compiles and fails
// every check that earns points, every solution passes, every solution is
// its starter with only the gaps filled, every variant gets exactly the outcome it declares, and every check
// is failed by at least one wrong_* variant. The starter proved is the kit's
// pristine copy (Lesson.StarterDir), never the student's working files, so a
// student's progress does not turn the kit's proof red. progress, if not
// nil, is told each step as it finishes.
func Verify(ctx context.Context, lessons []*grader.Lesson, opts engine.Options, progress func(string)) []*LessonProof {
	if opts.Parallel <= 0 {
		opts.Parallel = runtime.NumCPU()
	}
	if progress == nil {
		progress = func(string) {}
	}
	proofs := make([]*LessonProof, len(lessons))
	for i, l := range lessons {
		proofs[i] = verifyLesson(ctx, l, opts, progress)
	}
	return proofs
}

// job is one copy of a lesson that verify checks, and what it must get.
type job struct {
	name  string
	src   grader.Source
	check func(*results.Result) []string
}

func verifyLesson(ctx context.Context, l *grader.Lesson, opts engine.Options, progress func(string)) *LessonProof {
	p := &LessonProof{Lesson: l}
	add := func(format string, args ...any) {
		p.Findings = append(p.Findings, Finding{l.Number, fmt.Sprintf(format, args...)})
	}
	if len(l.Checks) < 1 {
		add("has no checks")
	}
	for _, imp := range l.AllowedImports {
		if why, bad := unsafeImports[imp]; bad {
			add("lesson.json allows %q, which lets student code %s: a check could then be forged", imp, why)
		}
	}
	for _, why := range l.Rules().Refused() {
		add("lesson.json: %s", why)
	}
	starter, missing := starterSource(l)
	for _, err := range missing {
		add("%v", err)
	}
	solution, err := l.SolutionDir()
	if err != nil {
		add("%v", err)
	}
	for _, f := range l.StudentFiles {
		path := filepath.Join(starter.Dir, f)
		if starter.Dir == "" {
			path = l.WorkFile(f)
		}
		if err := sameOutsideGaps(path, filepath.Join(solution, f)); err != nil {
			add("%v", err)
		}
	}
	variants, err := l.Variants()
	if err != nil {
		add("%v", err)
	}
	jobs := []job{
		{"starter", starter, func(r *results.Result) []string {
			p.StarterFailing = len(r.FailedChecks())
			return starterProblems(r)
		}},
		{"solution", grader.Source{Dir: solution}, func(r *results.Result) []string {
			p.SolutionPassed = r.Status == results.StatusPassed
			if !p.SolutionPassed {
				return []string{fmt.Sprintf("the solution should pass every check; it got %s: %s %s", r.Status, r.Message, strings.Join(r.FailedChecks(), " "))}
			}
			return nil
		}},
	}
	killed := map[string]bool{}
	for _, v := range variants {
		jobs = append(jobs, job{"variant " + v.Name, grader.Source{Dir: v.Dir}, func(r *results.Result) []string {
			var out []string
			if r.Status != v.Status {
				out = append(out, fmt.Sprintf("variant %s should get %s; it got %s: %s", v.Name, v.Status, r.Status, firstLines(r.Message, 3)))
			}
			got := r.FailedChecks()
			if v.Status == results.StatusPassed || v.Status == results.StatusFailed {
				if !slices.Equal(got, v.Fails) {
					out = append(out, fmt.Sprintf("variant %s should fail exactly [%s]; it failed [%s]", v.Name, strings.Join(v.Fails, " "), strings.Join(got, " ")))
				}
			}
			if v.Wrong() && r.Status == results.StatusFailed {
				for _, name := range got {
					killed[name] = true
				}
			}
			return out
		}})
	}
	if tc, err := build.Prepare(ctx, l); err == nil {
		opts.Toolchain = tc // many copies of one lesson: compile what they share once
	}
	var mu sync.Mutex
	sem := make(chan struct{}, max(1, opts.Parallel))
	var wg sync.WaitGroup
	for _, j := range jobs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			sem <- struct{}{}
			defer func() { <-sem }()
			jobOpts := opts
			jobOpts.Parallel = 3 // a hanging variant waits out its timeouts side by side
			r := engine.Check(ctx, l, j.src, jobOpts)
			mu.Lock()
			defer mu.Unlock()
			for _, f := range j.check(r) {
				add("%s", f)
			}
			progress(fmt.Sprintf("lesson %s: %s: %s", l.Number, j.name, r.Status))
		}()
	}
	wg.Wait()
	p.Variants = len(variants)
	for _, c := range l.Checks {
		if !killed[c.Name] {
			p.Unkilled = append(p.Unkilled, c.Name)
			add("check %s is failed by no wrong_* variant: add a variant with the mistake it catches", c.Name)
		}
	}
	slices.SortFunc(p.Findings, func(a, b Finding) int { return strings.Compare(a.Text, b.Text) })
	return p
}

// starterProblems says what is wrong with the starter's result r: the
// starter must build and fail every check that earns points, as the README
// tells a student it does. Only a guard worth no points (the lesson's given
// values kept) may pass on the starter.
func starterProblems(r *results.Result) []string {
	if r.Status != results.StatusFailed {
		return []string{fmt.Sprintf("the starter should build and fail its checks; it got %s: %s", r.Status, r.Message)}
	}
	var out []string
	for _, c := range r.Checks {
		if c.Passed && c.MaxPoints > 0 {
			out = append(out, fmt.Sprintf("the starter passes check %s, which earns points: make the starter fail it, or give it # points: 0 if it only guards what the lesson gives", c.Name))
		}
	}
	return out
}

// starterSource is the starter verify proves: the pristine copy generated
// from the chain's source, or, when that fails, the lesson folder, with an
// error per file that says what went wrong.
func starterSource(l *grader.Lesson) (grader.Source, []error) {
	var missing []error
	for _, f := range l.StudentFiles {
		if _, err := l.StarterFile(f); err != nil {
			missing = append(missing, err)
		}
	}
	if len(missing) > 0 {
		return grader.Source{}, missing
	}
	dir, _ := l.StarterDir()
	return grader.Source{Dir: dir}, nil
}

// sameOutsideGaps reports whether the starter and the solution differ
// anywhere but inside the gaps. A starter file with no gap (an earlier
// lesson's file, carried along solved) must equal its solution.
func sameOutsideGaps(starter, solution string) error {
	a, err := os.ReadFile(starter)
	if err != nil {
		return fmt.Errorf("read starter: %w", err)
	}
	b, err := os.ReadFile(solution)
	if err != nil {
		return fmt.Errorf("read solution: %w (the generated solution must hold every student file)", err)
	}
	sa, gaps := grader.OutsideGaps(string(a))
	if !gaps {
		// A file an earlier lesson finished comes along solved: no gap, and
		// the same in the starter and the solution.
		if string(a) != string(b) {
			return fmt.Errorf("%s has no gap (// --- your code --- ... // --- end ---) and differs from %s: "+
				"a student file either has gaps or is the same in both", starter, solution)
		}
		return nil
	}
	if sb, _ := grader.OutsideGaps(string(b)); sa != sb {
		return fmt.Errorf("%s and %s differ outside the gaps (keep the gap markers in the solution, and everything else the same)", starter, solution)
	}
	return nil
}

// unsafeImports are packages through which student code, running inside the
// check program, could reach the verdict file, the secret in the environment
// (also readable from /proc/self/environ), or the process itself.
var unsafeImports = map[string]string{
	"os":            "read the environment and write files",
	"os/exec":       "start programs",
	"syscall":       "make any system call",
	"unsafe":        "rewrite memory",
	"reflect":       "reach unexported state",
	"runtime":       "end goroutines and inspect stacks",
	"runtime/debug": "change how the program crashes",
	"embed":         "embed files of the kit",
	"C":             "run C code",
	"plugin":        "load code",
	"net":           "use the network",
	"net/http":      "use the network and serve files",
	"io/ioutil":     "read and write files",
	"io/fs":         "walk file systems",
	"path/filepath": "walk the file system",
	"text/template": "read files (ParseFiles)",
	"html/template": "read files (ParseFiles)",
	"debug/elf":     "open files",
	"log":           "end the program (log.Fatal)",
	"flag":          "read the command line",
}

// firstLines returns the first n lines of s, trimmed.
func firstLines(s string, n int) string {
	lines := strings.SplitN(strings.TrimSpace(s), "\n", n+1)
	return strings.Join(lines[:min(len(lines), n)], "\n")
}
