package build

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"

	"harnesslab/grader"
	"harnesslab/grader/checkkit"
	"harnesslab/lab/gotool"
)

// judgeCacheVersion changes whenever the kept form of a judge changes.
const judgeCacheVersion = 2

// Judge is a lesson's judge program: the lesson's play functions and
// judgements built with the reference solution in the place of the student's
// files (see checkkit.JudgeMain), with the scenario of every check and the
// reference's play of it.
type Judge struct {
	Path       string                       // the program
	Scenarios  map[string]json.RawMessage   // by check name, as the judge wrote them
	References map[string]checkkit.Observed // by check name: what the reference did
}

// keptJudge is a judge as kept between runs, with what it depends on.
type keptJudge struct {
	Version    int                          `json:"version"`
	Scenarios  map[string]json.RawMessage   `json:"scenarios"`
	References map[string]checkkit.Observed `json:"references"`
	Inputs     map[string]string            `json:"inputs"` // folder or file to its fingerprint
}

// judges serializes the building of judges within this process.
var judges sync.Mutex

// JudgeOf returns the judge of a lesson whose checks are judged (see
// grader.Lesson.Judged). It is built once per version of the kit and kept in
// the user's cache: it links only the kit's code and the reference, so it
// changes when they do, never when a student's file does. The go command
// builds it, outside any sandbox: no student code is compiled.
func JudgeOf(ctx context.Context, l *grader.Lesson) (*Judge, error) {
	if j := loadPrebuilt(l); j != nil {
		return j, nil
	}
	judges.Lock()
	defer judges.Unlock()
	dir := judgeDir(l)
	if j := loadJudge(dir); j != nil {
		return j, nil
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, fmt.Errorf("build the judge of lesson %s: %w", l.Number, err)
	}
	overlay, solution, err := referenceOverlay(l)
	if err != nil {
		return nil, fmt.Errorf("build the judge of lesson %s: %w", l.Number, err)
	}
	root, pkg := l.Kit().Root, judgePackage(l)
	tmp := filepath.Join(dir, fmt.Sprintf("judge.part-%d", os.Getpid()))
	defer os.Remove(tmp)
	res, err := gotool.Run(ctx, gotool.Command{Args: []string{"build", "-o", tmp, pkg}, Dir: root, Env: gotool.LocalEnv(false), Overlay: overlay})
	if err == nil && res.ExitCode != 0 {
		err = fmt.Errorf("go build %s: %s", pkg, strings.TrimSpace(res.Output))
	}
	if err != nil {
		return nil, fmt.Errorf("build the judge of lesson %s: %w", l.Number, err)
	}
	j := &Judge{Path: tmp}
	for what, into := range map[string]any{"scenarios": &j.Scenarios, "references": &j.References} {
		out, err := j.Run(ctx, nil, nil, what)
		if err == nil {
			err = json.Unmarshal(out, into)
		}
		if err != nil {
			return nil, fmt.Errorf("ask the judge of lesson %s for its %s: %w", l.Number, what, err)
		}
	}
	inputs, err := judgeInputs(ctx, l, pkg, solution, overlay)
	if err != nil {
		return nil, fmt.Errorf("build the judge of lesson %s: %w", l.Number, err)
	}
	path := filepath.Join(dir, "judge")
	if err := os.Rename(tmp, path); err != nil {
		return nil, fmt.Errorf("keep the judge of lesson %s: %w", l.Number, err)
	}
	data, err := json.Marshal(keptJudge{Version: judgeCacheVersion, Scenarios: j.Scenarios, References: j.References, Inputs: inputs})
	if err == nil {
		err = writeWhole(filepath.Join(dir, "judge.json"), data)
	}
	if err != nil {
		return nil, fmt.Errorf("keep the judge of lesson %s: %w", l.Number, err)
	}
	j.Path = path
	return j, nil
}

// PrebuiltDir is where a kit that carries no solution (a Gradescope bundle)
// keeps a lesson's judge, built when the kit was packed (see PackJudge):
// grader/checks/NN/judge/prebuilt, with the program and judge.json.
func PrebuiltDir(l *grader.Lesson) string { return filepath.Join(l.JudgeDir(), "prebuilt") }

// loadPrebuilt returns the judge packed with the kit, or nil when there is
// none.
func loadPrebuilt(l *grader.Lesson) *Judge {
	dir := PrebuiltDir(l)
	data, err := os.ReadFile(filepath.Join(dir, "judge.json"))
	if err != nil {
		return nil
	}
	var k keptJudge
	if json.Unmarshal(data, &k) != nil || k.Version != judgeCacheVersion {
		return nil
	}
	return &Judge{Path: filepath.Join(dir, "judge"), Scenarios: k.Scenarios, References: k.References}
}

// PackJudge builds the judge of l for another system (goos and goarch, as
// GOOS and GOARCH name them), for a kit that will carry no solution, and
// returns the program and its judge.json: the scenarios and the reference's
// plays, as this machine's judge gives them (they are data, the same on every
// system). The build is reproducible: the same kit gives the same bytes.
func PackJudge(ctx context.Context, l *grader.Lesson, goos, goarch string) (program, meta []byte, err error) {
	native, err := JudgeOf(ctx, l)
	if err != nil {
		return nil, nil, err
	}
	overlay, _, err := referenceOverlay(l)
	if err != nil {
		return nil, nil, fmt.Errorf("pack the judge of lesson %s: %w", l.Number, err)
	}
	out, err := os.MkdirTemp("", "labrun-judge-")
	if err != nil {
		return nil, nil, fmt.Errorf("pack the judge of lesson %s: %w", l.Number, err)
	}
	defer os.RemoveAll(out)
	bin := filepath.Join(out, "judge")
	pkg := judgePackage(l)
	env := append(gotool.LocalEnv(false), "GOOS="+goos, "GOARCH="+goarch)
	res, err := gotool.Run(ctx, gotool.Command{Args: []string{"build", "-trimpath", "-o", bin, pkg}, Dir: l.Kit().Root, Env: env, Overlay: overlay})
	if err == nil && res.ExitCode != 0 {
		err = fmt.Errorf("go build %s: %s", pkg, strings.TrimSpace(res.Output))
	}
	if err == nil {
		program, err = os.ReadFile(bin)
	}
	if err == nil {
		meta, err = json.Marshal(keptJudge{Version: judgeCacheVersion, Scenarios: native.Scenarios, References: native.References})
	}
	if err != nil {
		return nil, nil, fmt.Errorf("pack the judge of lesson %s for %s/%s: %w", l.Number, goos, goarch, err)
	}
	return program, meta, nil
}

// judgeDir is where the judge of l is kept: a name that hashes what the
// judge depends on that is not a file.
func judgeDir(l *grader.Lesson) string {
	base, err := os.UserCacheDir()
	if err != nil {
		base = os.TempDir()
	}
	h := sha256.New()
	fmt.Fprintf(h, "version %d\nroot %s\nlesson %s\n", judgeCacheVersion, l.Kit().Root, l.Number)
	gobin := gotool.Path()
	fmt.Fprintf(h, "go %s %s\n", gobin, fingerprint(gobin))
	for _, kv := range os.Environ() {
		if name, _, _ := strings.Cut(kv, "="); strings.HasPrefix(name, "GO") || strings.HasPrefix(name, "CGO_") {
			fmt.Fprintf(h, "env %s\n", kv)
		}
	}
	return filepath.Join(base, "harnesslab", "judge-"+hex.EncodeToString(h.Sum(nil))[:24])
}

// loadJudge returns the judge kept in dir, or nil when there is none or
// anything it depends on has changed.
func loadJudge(dir string) *Judge {
	data, err := os.ReadFile(filepath.Join(dir, "judge.json"))
	if err != nil {
		return nil
	}
	var k keptJudge
	if json.Unmarshal(data, &k) != nil || k.Version != judgeCacheVersion || len(k.Inputs) == 0 {
		return nil
	}
	if !unchanged(k.Inputs) {
		return nil
	}
	path := filepath.Join(dir, "judge")
	if _, err := os.Stat(path); err != nil {
		return nil
	}
	return &Judge{Path: path, Scenarios: k.Scenarios, References: k.References}
}

// referenceOverlay puts the reference solution in the place of every Go file
// of the lesson's folder (a student's edits, and any file a student added,
// are left out), and returns it with the reference's folder.
func referenceOverlay(l *grader.Lesson) (map[string]string, string, error) {
	solution, err := l.SolutionDir()
	if err != nil {
		return nil, "", err
	}
	overlay := map[string]string{}
	there, _ := filepath.Glob(filepath.Join(l.Dir, "*.go"))
	for _, f := range there {
		overlay[f] = ""
	}
	refs, err := filepath.Glob(filepath.Join(solution, "*.go"))
	if err != nil || len(refs) == 0 {
		return nil, "", fmt.Errorf("the reference solution in %s has no Go files", solution)
	}
	for _, f := range refs {
		overlay[filepath.Join(l.Dir, filepath.Base(f))] = f
	}
	return overlay, solution, nil
}

// judgeInputs are the folders and files the judge was built from, with their
// fingerprints: the kit's packages it links (the lesson's own folder left
// out: the overlay replaced it), the reference, go.mod and go.sum.
func judgeInputs(ctx context.Context, l *grader.Lesson, pkg, solution string, overlay map[string]string) (map[string]string, error) {
	root := l.Kit().Root
	out, err := gotool.Output(ctx, gotool.Command{Args: []string{"list", "-e", "-deps", "-f", "{{if not .Standard}}{{.Dir}}{{end}}", pkg},
		Dir: root, Env: gotool.LocalEnv(false), Overlay: overlay})
	if err != nil {
		return nil, err
	}
	inputs := map[string]string{}
	for _, p := range append(strings.Fields(out), solution, filepath.Join(root, "go.mod"), filepath.Join(root, "go.sum")) {
		if p != l.Dir {
			inputs[p] = fingerprint(p)
		}
	}
	return inputs, nil
}

// Run runs the judge with args, stdin as its standard input (the host's
// environment, with the check timeout the engine passes), and returns what it
// wrote on standard output. A judge that fails says why on standard error.
func (j *Judge) Run(ctx context.Context, stdin []byte, env []string, args ...string) ([]byte, error) {
	cmd := exec.CommandContext(ctx, j.Path, args...)
	cmd.Stdin = bytes.NewReader(stdin)
	cmd.Env = append(os.Environ(), env...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		return nil, fmt.Errorf("run the judge %s: %w: %s", strings.Join(args, " "), err, strings.TrimSpace(stderr.String()))
	}
	return out, nil
}

// judgePackage is the judge's package, as the go command names it from the
// kit's root: "./grader/checks/11/judge".
func judgePackage(l *grader.Lesson) string {
	return "./grader/checks/" + l.Number + "/judge"
}
