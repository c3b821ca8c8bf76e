package grader

import (
	"context"
	"encoding/json"
	"fmt"
	"harnesslab/grader/results"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
)

// RunDir returns the folder of the lesson's real-model run: a program
// built around the student's package, as the check program is, that plays
// the lesson's scenario against a real model (see package runkit).
func (l *Lesson) RunDir() string {
	return filepath.Join(l.kit.Root, "grader", "runs", l.Number)
}

// BuildRun builds the lesson's real-model run with the student files of src
// into workDir and returns the program's path, or a result saying why there
// is none. The student files pass the same rules as for a check; the go
// command builds the program, which links the provider adapters and so the
// network, and never a check.
func (k *Kit) BuildRun(ctx context.Context, l *Lesson, src Source, workDir string) (string, *results.Result) {
	if _, err := os.Stat(filepath.Join(l.RunDir(), "main.go")); err != nil {
		return "", failure(results.StatusKitError, fmt.Sprintf("lesson %s has no run against a real model yet (%s)", l.Number, ShownPath(l.RunDir())))
	}
	files, shown, fail := l.studentFiles(src)
	if fail != nil {
		return "", fail
	}
	if fail := l.checkSources(files, shown); fail != nil {
		return "", fail
	}
	overlay := struct{ Replace map[string]string }{Replace: map[string]string{}}
	for kitPath, path := range files {
		overlay.Replace[kitPath] = path
	}
	// Files of the lesson's own folder that the student does not hand in
	// stay out of the build, as they do for a check.
	names, _ := filepath.Glob(filepath.Join(l.Dir, "*.go"))
	for _, n := range names {
		if _, ok := files[n]; !ok && !strings.HasSuffix(n, "_test.go") {
			overlay.Replace[n] = ""
		}
	}
	data, err := json.Marshal(overlay)
	if err != nil {
		return "", failure(results.StatusKitError, "build the run: "+err.Error())
	}
	overlayPath := filepath.Join(workDir, "overlay.json")
	if err := os.WriteFile(overlayPath, data, 0o600); err != nil {
		return "", failure(results.StatusKitError, "build the run: "+err.Error())
	}
	bin := filepath.Join(workDir, "run")
	cmd := exec.CommandContext(ctx, "go", "build", "-overlay", overlayPath, "-o", bin, "./grader/runs/"+l.Number)
	cmd.Dir = k.Root
	cmd.Env = append(os.Environ(), "CGO_ENABLED=0")
	if out, err := cmd.CombinedOutput(); err != nil {
		return "", failure(results.StatusNoCompile, "your code does not build with the run program:\n"+strings.TrimSpace(string(out)))
	}
	return bin, nil
}
