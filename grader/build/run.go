package build

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"harnesslab/grader"
	"harnesslab/grader/results"
	"harnesslab/lab/gotool"
)

// RunProgram builds the lesson's real-model run (Lesson.RunDir) with the
// student files of src into workDir and returns the program's path, or a
// result saying why there is none. The student files pass the same rules as
// for a check; the go command builds the program, which links the provider
// adapters and so the network, and never a check.
func RunProgram(ctx context.Context, l *grader.Lesson, src grader.Source, workDir string) (string, *results.Result) {
	if _, err := os.Stat(filepath.Join(l.RunDir(), "main.go")); err != nil {
		return "", failure(results.StatusKitError, fmt.Sprintf("lesson %s has no run against a real model yet (%s)", l.Number, grader.ShownPath(l.RunDir())))
	}
	files, shown, fail := l.Locate(src)
	if fail != nil {
		return "", fail
	}
	if fail := l.CheckSources(files, shown); fail != nil {
		return "", fail
	}
	overlay := map[string]string{}
	for kitPath, path := range files {
		overlay[kitPath] = path
	}
	// Files of the lesson's own folder that the student does not hand in
	// stay out of the build, as they do for a check.
	names, _ := filepath.Glob(filepath.Join(l.Dir, "*.go"))
	for _, n := range names {
		if _, ok := files[n]; !ok && !strings.HasSuffix(n, "_test.go") {
			overlay[n] = ""
		}
	}
	bin := filepath.Join(workDir, "run")
	res, err := gotool.Run(ctx, gotool.Command{Args: []string{"build", "-o", bin, "./grader/runs/" + l.Number},
		Dir: l.Kit().Root, Overlay: overlay})
	if err != nil {
		return "", failure(results.StatusKitError, "build the run: "+err.Error())
	}
	if res.ExitCode != 0 {
		return "", failure(results.StatusNoCompile, "your code does not build with the run program:\n"+strings.TrimSpace(res.Output))
	}
	return bin, nil
}
