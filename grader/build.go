package grader

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
)

// build compiles the lesson's check program with the student files in place of
// the lesson's own (through go build -overlay, so nothing is copied into the
// student's folder) and returns the binary's path, or a result saying why
// there is none.
func (l *Lesson) build(ctx context.Context, files, shown map[string]string, workDir string) (string, *Result) {
	// -s -w leave out the symbol table and DWARF: tracebacks keep their file
	// and line (they come from the pcln table), and the link is a fifth faster.
	args := []string{"build", "-trimpath", "-ldflags=-s -w", "-o", filepath.Join(workDir, "checks")}
	ov, err := writeOverlay(files, workDir)
	if err != nil {
		return "", failure(StatusKitError, err.Error())
	}
	if ov != "" {
		args = append(args, "-overlay", ov)
	}
	args = append(args, "./grader/checks/"+l.Number)
	cmd := exec.CommandContext(ctx, "go", args...)
	cmd.Dir = l.kit.Root
	cmd.Env = buildEnv()
	out, err := cmd.CombinedOutput()
	if err == nil {
		return filepath.Join(workDir, "checks"), nil
	}
	if ctx.Err() != nil {
		return "", failure(StatusKitError, "the build was stopped: "+ctx.Err().Error())
	}
	if _, lookErr := exec.LookPath("go"); lookErr != nil {
		return "", failure(StatusKitError, "labrun needs the go command to build your code, and it is not on PATH")
	}
	// Syntax errors name the file the overlay reads, type errors the file it
	// replaces: show both the student's way.
	byPath := map[string]string{}
	for kitPath, show := range shown {
		byPath[kitPath] = show
		byPath[files[kitPath]] = show
	}
	return "", l.compileFailure(string(out), byPath)
}

// buildEnv is the environment of go build: the caller's, with the settings
// that make a build local and reproducible.
func buildEnv() []string {
	env := os.Environ()
	return append(env, "CGO_ENABLED=0", "GOWORK=off", "GOTOOLCHAIN=local", "GOFLAGS=-mod=readonly")
}

var compileLine = regexp.MustCompile(`^(?:\./)?([^\s:]+\.go):(\d+)(?::(\d+))?: (.*)$`)

// compileFailure words go build's output for a student: each error pointing
// at the student's own file, and errors in the check program explained.
func (l *Lesson) compileFailure(out string, shown map[string]string) *Result {
	var mine, theirs, kit []string
	for _, line := range strings.Split(strings.TrimSpace(out), "\n") {
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		m := compileLine.FindStringSubmatch(line)
		if m == nil {
			mine = append(mine, line)
			continue
		}
		abs := m[1]
		if !filepath.IsAbs(abs) {
			abs = filepath.Join(l.kit.Root, abs)
		}
		if show, ok := shown[abs]; ok {
			mine = append(mine, fmt.Sprintf("%s:%s: %s", show, m[2], m[4]))
		} else if strings.HasPrefix(m[1], "grader/checks/") && strings.Contains(m[4], l.Package+".") {
			theirs = append(theirs, m[4])
		} else if strings.HasPrefix(m[1], "grader/") || strings.HasPrefix(m[1], "lab/") {
			kit = append(kit, line)
		} else {
			mine = append(mine, line)
		}
	}
	var b bytes.Buffer
	if len(mine) > 0 {
		b.WriteString("Your code does not compile:\n  " + strings.Join(mine, "\n  "))
	}
	if len(theirs) > 0 {
		if b.Len() > 0 {
			b.WriteString("\n")
		}
		b.WriteString("Your code compiles, but the checks cannot call it: a function or type the lesson gives has a different name or signature now. Keep the names and signatures the starter gave you.\n  " + strings.Join(theirs, "\n  "))
	}
	if b.Len() == 0 && len(kit) > 0 {
		return failure(StatusKitError, "The checks of lesson "+l.Number+" do not build. This is a bug in the kit, not in your code:\n  "+strings.Join(kit, "\n  "))
	}
	if b.Len() == 0 {
		b.WriteString("go build failed:\n" + out)
	}
	return failure(StatusNoCompile, b.String())
}

// writeOverlay writes go build's -overlay file, which puts each student file
// in the place of the kit's file (files maps kit path to student path), into
// dir. It returns "" when there is nothing to replace.
func writeOverlay(files map[string]string, dir string) (string, error) {
	replace := map[string]string{}
	for kitPath, path := range files {
		if kitPath != path {
			replace[kitPath] = path
		}
	}
	if len(replace) == 0 {
		return "", nil
	}
	data, err := json.Marshal(map[string]any{"Replace": replace})
	if err != nil {
		return "", fmt.Errorf("write overlay: %w", err)
	}
	ov := filepath.Join(dir, "overlay.json")
	if err := os.WriteFile(ov, data, 0o600); err != nil {
		return "", fmt.Errorf("write overlay: %w", err)
	}
	return ov, nil
}
