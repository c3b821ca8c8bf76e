package build

import (
	"context"
	"errors"
	"fmt"
	"go/parser"
	"go/token"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"harnesslab/grader"
	"harnesslab/grader/results"
	"harnesslab/grader/sandbox"
)

// step is one run of the compiler or the linker on student code.
type step struct {
	verb    string                       // "compiling" or "linking": what the student is told took too much
	tool    string                       // the compiler or the linker
	cfgName string                       // the importcfg file, in the work folder
	cfg     string                       // its contents
	out     string                       // the file the step writes
	also    string                       // a second file it writes, or ""
	args    []string                     // the tool's arguments after -importcfg
	words   func(string) *results.Result // words the tool's output when it fails within its limits
}

// toolName is what the student is told stopped: the compiler or the linker.
func (s step) toolName() string {
	if s.tool != "" && filepath.Base(s.tool) == "link" {
		return "the linker"
	}
	return "the compiler"
}

// Build compiles the student files (files maps each file's path in the kit
// to the file to read; shown, to the path the student knows) with the
// lesson's check program and links it, in workDir. It returns the program's
// path, or a result saying why there is none.
func (t *Toolchain) Build(ctx context.Context, files, shown map[string]string, workDir string) (string, *results.Result) {
	// The student's package is compiled into its export data, which main
	// is compiled against, and its object, which is linked.
	student, studentObj := filepath.Join(workDir, "student.a"), filepath.Join(workDir, "student.o")
	if fail := t.compileStudent(ctx, files, shown, student, studentObj, workDir); fail != nil {
		return "", fail
	}
	main, keepAt := t.keptMain(student)
	if main == "" {
		main = filepath.Join(workDir, "main.a")
		if fail := t.compileMain(ctx, student, main, workDir); fail != nil {
			return "", fail
		}
		if keepAt != "" {
			t.keepMain(main, keepAt)
		}
	}
	bin := filepath.Join(workDir, "checks")
	if fail := t.linkProgram(ctx, studentObj, main, bin, workDir); fail != nil {
		return "", fail
	}
	if fail := refuseLoader(t.lesson, bin); fail != nil {
		os.Remove(bin)
		return "", fail
	}
	return bin, nil
}

// compileStudent compiles the student's package: its export data into out,
// its object into obj.
func (t *Toolchain) compileStudent(ctx context.Context, files, shown map[string]string, out, obj, workDir string) *results.Result {
	srcs, imports := make([]string, 0, len(files)), map[string]bool{}
	byPath := map[string]string{} // the compiler names a student file by the path it read, or that path trimmed
	for _, kitPath := range slices.Sorted(maps.Keys(files)) {
		path := files[kitPath]
		srcs = append(srcs, path)
		byPath[kitPath], byPath[path] = shown[kitPath], shown[kitPath]
		byPath[t.lesson.ImportPath()+"/"+filepath.Base(path)] = shown[kitPath]
		// A file that does not parse is left to the compiler, which words
		// syntax errors best.
		if f, err := parser.ParseFile(token.NewFileSet(), path, nil, parser.ImportsOnly); err == nil {
			for _, imp := range f.Imports {
				p, _ := strconv.Unquote(imp.Path.Value)
				imports[p] = true
			}
		}
	}
	var cfg strings.Builder
	for _, imp := range slices.Sorted(maps.Keys(imports)) {
		if t.exports[imp] == "" {
			return failure(results.StatusKitError, fmt.Sprintf("build the check program: the kit prepared no compiled package for %q, which the student files import; lesson %s must list it in allowed_imports", imp, t.lesson.Number))
		}
		fmt.Fprintf(&cfg, "packagefile %s=%s\n", imp, t.exports[imp])
	}
	// Without inlining (-l) the student's package compiles a sixth faster
	// (lesson 02: 61 to 51 ms), and its export data holds no function
	// bodies: an edit inside a function that moves no declaration below it
	// leaves it as it was, so the compiled main can be kept (see keptMain).
	// Student code runs the same, a little slower, and its stack traces name
	// every call as it was written.
	args := append(t.compileFlags(out, t.lesson.ImportPath(), filepath.Dir(srcs[0])+"=>"+t.lesson.ImportPath()), "-l", "-linkobj", obj)
	args = append(args, srcs...)
	return t.run(ctx, workDir, step{verb: "compiling", tool: t.compile, cfgName: "student.cfg", cfg: cfg.String(), out: out, also: obj,
		args: args, words: func(text string) *results.Result { return compileFailure(t.lesson, text, byPath) }})
}

// compileMain compiles the check program's main package, which calls the
// student's package compiled into student, into out.
func (t *Toolchain) compileMain(ctx context.Context, student, out, workDir string) *results.Result {
	var cfg strings.Builder
	for _, imp := range t.mainDeps {
		file := t.exports[imp]
		if imp == t.lesson.ImportPath() {
			file = student
		}
		fmt.Fprintf(&cfg, "packagefile %s=%s\n", imp, file)
	}
	args := append(t.compileFlags(out, "main", t.lesson.Kit().Root+"=>"+grader.ModulePath), t.mainFiles...)
	return t.run(ctx, workDir, step{verb: "compiling", tool: t.compile, cfgName: "main.cfg", cfg: cfg.String(), out: out,
		args: args, words: func(text string) *results.Result { return compileFailure(t.lesson, text, nil) }})
}

// linkProgram links the compiled main package into the program bin.
func (t *Toolchain) linkProgram(ctx context.Context, student, main, bin, workDir string) *results.Result {
	var cfg strings.Builder
	for _, imp := range slices.Sorted(maps.Keys(t.exports)) {
		fmt.Fprintf(&cfg, "packagefile %s=%s\n", imp, t.exports[imp])
	}
	fmt.Fprintf(&cfg, "packagefile %s=%s\n", t.lesson.ImportPath(), student)
	return t.run(ctx, workDir, step{verb: "linking", tool: t.link, cfgName: "link.cfg", cfg: cfg.String(), out: bin,
		args: append(t.linkFlags(bin), main), words: linkFailure})
}

// compileFlags are the compiler's flags for one package, written to out.
// -dwarf=false leaves out debug information the link drops anyway (-w), as
// the go command does when it links with -w.
func (t *Toolchain) compileFlags(out, pkg, trim string) []string {
	flags := []string{"-o", out, "-p", pkg, "-lang=" + t.lang, "-complete", "-pack", "-nolocalimports", "-c=1", "-dwarf=false", "-trimpath", trim}
	if t.race {
		flags = append(flags, "-race")
	}
	return flags
}

// linkFlags are the linker's flags for the check program. -s -w leave out
// the symbol table and DWARF: tracebacks and race reports keep their file
// and line (they come from the pcln table), and the link is a fifth faster.
// A race build needs cgo, which links dynamically unless an external link
// makes it static; static it is, so that nothing runs before Go starts.
func (t *Toolchain) linkFlags(bin string) []string {
	flags := []string{"-o", bin, "-buildmode=exe", "-s", "-w"}
	if t.race {
		flags = append(flags, "-race", "-linkmode=external", "-extldflags=-static", "-extld=gcc")
	}
	return flags
}

// run writes the step's importcfg and runs its tool in the sandbox, under
// the build limits, with dir as its only writable folder. It returns nil on
// success, or the student's result: a limit that was reached, or the tool's
// own errors.
func (t *Toolchain) run(ctx context.Context, dir string, s step) *results.Result {
	cfgPath := filepath.Join(dir, s.cfgName)
	if err := os.WriteFile(cfgPath, []byte(s.cfg), 0o600); err != nil {
		return failure(results.StatusKitError, fmt.Sprintf("build the check program: write %s: %v", s.cfgName, err))
	}
	lim := t.Limits.withDefaults()
	// The compiler and the linker are the toolchain's own programs, not
	// student code: they need the limits (memory, time, file size), not the
	// namespaces, whose setup would cost every build a little.
	res, err := sandbox.Run(ctx, sandbox.Config{
		Dir:         dir,
		Env:         toolEnv(t.env(), lim),
		Timeout:     lim.Timeout,
		MemoryBytes: lim.Memory,
		FileBytes:   lim.FileBytes,
		Fallback:    true,
	}, append([]string{s.tool, "-importcfg", cfgPath}, s.args...))
	if err != nil {
		if errors.Is(ctx.Err(), context.DeadlineExceeded) {
			return failure(results.StatusNoCompile, fmt.Sprintf("%s your code was stopped: it used up the time this copy had. "+
				"Generic types instantiated inside each other, or very large literals, make the compiler slow: make them simpler.", upperFirst(s.verb)))
		}
		if ctx.Err() != nil {
			return failure(results.StatusKitError, "the build was stopped: "+ctx.Err().Error())
		}
		return failure(results.StatusKitError, fmt.Sprintf("build the check program: run %s: %v", filepath.Base(s.tool), err))
	}
	if res.ExitCode == 0 && !res.TimedOut {
		return nil
	}
	defer os.Remove(s.out) // what a failed step wrote is of no use, and may be big
	if s.also != "" {
		defer os.Remove(s.also)
	}
	if fail := lim.exceeded(s, res); fail != nil {
		return fail
	}
	return s.words(strings.TrimSpace(string(res.Stdout) + "\n" + string(res.Stderr)))
}

// toolEnv is the environment of the compiler and the linker on student
// code: env, with the collector set to run a fifth as often as it does by
// default until the heap nears three quarters of the memory limit. A
// compile of a student's package then touches less fresh memory, which on a
// machine with costly page faults is most of its time (measured: 65 to 58
// ms for lesson 02's package), and a big one still gets the collector's
// full effort before the limit.
func toolEnv(env []string, lim Limits) []string {
	return append(env, "GOGC=400", fmt.Sprintf("GOMEMLIMIT=%d", lim.Memory/4*3))
}

// failure is the result of a copy that could not be built.
func failure(status results.Status, msg string) *results.Result {
	return &results.Result{Status: status, Message: msg}
}
