package grader

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"go/parser"
	"go/token"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
)

// Toolchain builds a lesson's check program by calling the compiler and the
// linker directly. Everything the student's package does not change (the
// standard library, lab, checkkit, the checks themselves) is compiled once,
// when the toolchain is prepared; each build then compiles only the student's
// package and the check program's small main, and links. A grading run
// prepares one and builds every submission with it: the go command's own
// work (loading the module, hashing the cache) is done once per run instead
// of once per submission.
type Toolchain struct {
	lesson    *Lesson
	compile   string            // the compiler
	link      string            // the linker
	lang      string            // -lang for the compiler, from go.mod
	exports   map[string]string // import path to compiled package, for every shared package
	mainFiles []string          // the check program's main package
	mainDeps  []string          // what the main package imports
}

// PrepareToolchain compiles everything the lesson's check program and its
// allowed imports need, and remembers where the compiled packages are.
func (k *Kit) PrepareToolchain(ctx context.Context, l *Lesson) (*Toolchain, error) {
	tooldir, err := goOutput(ctx, k.Root, "env", "GOTOOLDIR")
	if err != nil {
		return nil, err
	}
	lang, err := goLang(k.Root)
	if err != nil {
		return nil, err
	}
	args := append([]string{"list", "-trimpath", "-export", "-deps", "-json=ImportPath,Export,GoFiles,Dir,Imports,Name",
		"./grader/checks/" + l.Number}, l.AllowedImports...)
	out, err := goOutput(ctx, k.Root, args...)
	if err != nil {
		return nil, err
	}
	t := &Toolchain{lesson: l, lang: lang, exports: map[string]string{},
		compile: filepath.Join(tooldir, "compile"), link: filepath.Join(tooldir, "link")}
	dec := json.NewDecoder(strings.NewReader(out))
	for {
		var p struct {
			ImportPath, Export, Dir, Name string
			GoFiles, Imports              []string
		}
		if err := dec.Decode(&p); err == io.EOF {
			break
		} else if err != nil {
			return nil, fmt.Errorf("prepare the toolchain: read go list: %w", err)
		}
		switch {
		case p.ImportPath == l.ImportPath():
		case p.Name == "main":
			for _, f := range p.GoFiles {
				t.mainFiles = append(t.mainFiles, filepath.Join(p.Dir, f))
			}
			t.mainDeps = p.Imports
		case p.Export != "":
			t.exports[p.ImportPath] = p.Export
		}
	}
	if len(t.mainFiles) == 0 {
		return nil, fmt.Errorf("prepare the toolchain: go list found no check program for lesson %s", l.Number)
	}
	return t, nil
}

// build compiles and links the check program with the student files, or
// reports ok false when it could not (a compile error, an import it does not
// know): the caller then builds the ordinary way, which also words errors.
func (t *Toolchain) build(ctx context.Context, files map[string]string, workDir string) (string, bool) {
	var srcs []string
	imports := map[string]bool{}
	for _, kitPath := range sortedKeys(files) {
		path := files[kitPath]
		srcs = append(srcs, path)
		f, err := parser.ParseFile(token.NewFileSet(), path, nil, parser.ImportsOnly)
		if err != nil {
			return "", false
		}
		for _, imp := range f.Imports {
			p, _ := strconv.Unquote(imp.Path.Value)
			imports[p] = true
		}
	}
	student := filepath.Join(workDir, "student.a")
	cfg := &bytes.Buffer{}
	for imp := range imports {
		if t.exports[imp] == "" {
			return "", false
		}
		fmt.Fprintf(cfg, "packagefile %s=%s\n", imp, t.exports[imp])
	}
	if !t.run(ctx, workDir, "student.cfg", cfg.String(), t.compile, append([]string{"-o", student,
		"-p", t.lesson.ImportPath(), "-lang=" + t.lang, "-complete", "-pack", "-nolocalimports", "-c=1",
		"-trimpath", filepath.Dir(srcs[0]) + "=>" + t.lesson.ImportPath()}, srcs...)...) {
		return "", false
	}
	cfg.Reset()
	for _, imp := range t.mainDeps {
		file := t.exports[imp]
		if imp == t.lesson.ImportPath() {
			file = student
		}
		fmt.Fprintf(cfg, "packagefile %s=%s\n", imp, file)
	}
	main := filepath.Join(workDir, "main.a")
	if !t.run(ctx, workDir, "main.cfg", cfg.String(), t.compile, append([]string{"-o", main,
		"-p", "main", "-lang=" + t.lang, "-complete", "-pack", "-nolocalimports", "-c=1",
		"-trimpath", t.lesson.kit.Root + "=>" + ModulePath}, t.mainFiles...)...) {
		return "", false
	}
	cfg.Reset()
	for imp, file := range t.exports {
		fmt.Fprintf(cfg, "packagefile %s=%s\n", imp, file)
	}
	fmt.Fprintf(cfg, "packagefile %s=%s\n", t.lesson.ImportPath(), student)
	bin := filepath.Join(workDir, "checks")
	if !t.run(ctx, workDir, "link.cfg", cfg.String(), t.link, "-o", bin, "-buildmode=exe", "-s", "-w", main) {
		return "", false
	}
	return bin, true
}

// run writes an importcfg and runs a tool with it; it reports success.
func (t *Toolchain) run(ctx context.Context, dir, cfgName, cfg, tool string, args ...string) bool {
	path := filepath.Join(dir, cfgName)
	if os.WriteFile(path, []byte(cfg), 0o600) != nil {
		return false
	}
	cmd := exec.CommandContext(ctx, tool, append([]string{"-importcfg", path}, args...)...)
	cmd.Dir, cmd.Env = dir, buildEnv()
	return cmd.Run() == nil
}

func goOutput(ctx context.Context, dir string, args ...string) (string, error) {
	cmd := exec.CommandContext(ctx, "go", args...)
	cmd.Dir, cmd.Env = dir, buildEnv()
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		return "", fmt.Errorf("go %s: %v: %s", args[0], err, strings.TrimSpace(stderr.String()))
	}
	return strings.TrimSpace(string(out)), nil
}

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
