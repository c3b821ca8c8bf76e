package build

import (
	"context"
	"encoding/json"
	"fmt"
	"go/build"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"strings"

	"harnesslab/grader"
	"harnesslab/lab/gotool"
)

// Toolchain builds a lesson's check program by calling the compiler and the
// linker directly. Everything the student's package does not change (the
// standard library, lab, checkkit, the checks themselves) is compiled once,
// when the toolchain is prepared; each build then compiles only the student's
// package and the check program's small main, and links. labrun check and a
// grading run build the same way: a grading run prepares one toolchain and
// builds every submission with it, so the go command's own work (loading the
// module, hashing the cache) is done once per run instead of once per
// submission.
//
// Compiling and linking student code is student work: each step runs in the
// sandbox under Limits, and a step that goes over a limit is the student's
// failure, worded for them.
type Toolchain struct {
	// Limits bound each compile and link of student code. The zero value
	// uses the defaults (see Limits).
	Limits Limits

	lesson    *grader.Lesson
	compile   string            // the compiler
	link      string            // the linker
	lang      string            // -lang for the compiler, from go.mod
	race      bool              // build with the race detector
	exports   map[string]string // import path to compiled package, for every shared package
	mainFiles []string          // the check program's main package
	mainDeps  []string          // what the main package imports
	inputs    []string          // the folders of the kit's packages compiled for it (for the cache)
	mainCache string            // where compiled mains are kept (see useMainCache); "" keeps none
	mainID    string            // what a kept main depends on besides the student's export data
}

// Prepare compiles everything the lesson's check program and its
// allowed imports need, and remembers where the compiled packages are. The
// student's package is not among them: the go command never compiles student
// code, which is compiled only by Toolchain.Build, inside the build limits.
// For a lesson that teaches concurrency everything is compiled for the race
// detector.
func Prepare(ctx context.Context, l *grader.Lesson) (*Toolchain, error) {
	root := l.Kit().Root
	lang, err := goLang(root)
	if err != nil {
		return nil, fmt.Errorf("prepare the toolchain: %w", err)
	}
	t := &Toolchain{lesson: l, lang: lang, race: l.Concurrency, exports: map[string]string{}}
	main, err := build.Default.ImportDir(l.ChecksDir(), 0)
	if err != nil {
		return nil, fmt.Errorf("prepare the toolchain: read the check program of lesson %s: %w", l.Number, err)
	}
	if main.Name != "main" {
		return nil, fmt.Errorf("prepare the toolchain: %s is package %s; a check program is package main", l.ChecksDir(), main.Name)
	}
	for _, f := range main.GoFiles {
		t.mainFiles = append(t.mainFiles, filepath.Join(main.Dir, f))
	}
	t.mainDeps = main.Imports
	args := []string{"list", "-trimpath", "-export", "-deps", "-json=ImportPath,Export,Dir,Root,Standard"}
	if t.race {
		// The linker needs runtime/race, and runtime/cgo for the external
		// link that makes a race binary static.
		args = append(args, "-race", "runtime/race", "runtime/cgo")
	}
	for _, imp := range main.Imports {
		if imp != l.ImportPath() {
			args = append(args, imp)
		}
	}
	out, err := gotool.Output(ctx, gotool.Command{Args: append(args, l.AllowedImports...), Dir: root, Env: t.env()})
	if err != nil {
		return nil, fmt.Errorf("prepare the toolchain: %w", err)
	}
	goroot := ""
	dec := json.NewDecoder(strings.NewReader(out))
	for {
		var p listed
		if err := dec.Decode(&p); err == io.EOF {
			break
		} else if err != nil {
			return nil, fmt.Errorf("prepare the toolchain: read go list: %w", err)
		}
		if p.Export != "" {
			t.exports[p.ImportPath] = p.Export
		}
		if p.Standard && p.Root != "" {
			goroot = p.Root
		} else if !p.Standard {
			t.inputs = append(t.inputs, p.Dir)
		}
	}
	for _, imp := range main.Imports {
		if imp != l.ImportPath() && t.exports[imp] == "" {
			return nil, fmt.Errorf("prepare the toolchain: go list gave no compiled package for %s, which the check program of lesson %s imports", imp, l.Number)
		}
	}
	if err := t.findTools(ctx, root, goroot); err != nil {
		return nil, fmt.Errorf("prepare the toolchain: %w", err)
	}
	return t, nil
}

// listed is what Prepare reads of one package from go list.
type listed struct {
	ImportPath, Export, Dir, Root string
	Standard                      bool
}

// findTools finds the compiler and the linker: in the tool folder of the
// GOROOT that go list reported, or where go env says when they are not there.
func (t *Toolchain) findTools(ctx context.Context, root, goroot string) error {
	tooldir := filepath.Join(goroot, "pkg", "tool", runtime.GOOS+"_"+runtime.GOARCH)
	if _, err := os.Stat(filepath.Join(tooldir, "compile")); goroot == "" || err != nil {
		var err error
		if tooldir, err = gotool.Output(ctx, gotool.Command{Args: []string{"env", "GOTOOLDIR"}, Dir: root, Env: t.env()}); err != nil {
			return err
		}
	}
	t.compile, t.link = filepath.Join(tooldir, "compile"), filepath.Join(tooldir, "link")
	return nil
}

// env is the environment of the go command and the tools: the caller's,
// with the settings that make a build local and reproducible. A race build
// needs cgo.
func (t *Toolchain) env() []string { return gotool.LocalEnv(t.race) }

// Lesson returns the lesson whose check program t builds.
func (t *Toolchain) Lesson() *grader.Lesson { return t.lesson }

// goLang returns the language version the kit's go.mod declares, as the
// compiler's -lang wants it: "go1.26".
func goLang(root string) (string, error) {
	data, err := os.ReadFile(filepath.Join(root, "go.mod"))
	if err != nil {
		return "", fmt.Errorf("read go.mod: %w", err)
	}
	for _, line := range strings.Split(string(data), "\n") {
		if v, ok := strings.CutPrefix(strings.TrimSpace(line), "go "); ok {
			parts := strings.SplitN(strings.TrimSpace(v), ".", 3)
			if len(parts) >= 2 {
				return "go" + parts[0] + "." + parts[1], nil
			}
		}
	}
	return "", fmt.Errorf("go.mod has no go line")
}
