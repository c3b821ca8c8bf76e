package grader

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"

	"github.com/rogpeppe/go-internal/txtar"

	"harnesslab/lab"
)

// A lesson whose checks run the go command (lesson 16 runs go test and go
// vet on a small module) needs a build cache it can write. Inside the
// sandbox the only writable places are the check's own folders, and an empty
// cache costs about 20 s per go test here (testing and everything it needs
// compiled again). Sharing a writable cache would be worse than slow: a
// submission could plant compiled objects that later builds trust.
//
// So the kit warms a cache of its own once, outside the sandbox, by running
// go vet and go test on the lesson's pristine module with exactly the
// environment the checks use (lab.GoEnv), and hands it to every check
// read-only (lab.EnvGoSeed). A check copies it into a private cache before
// its first go command. The warm cache lives in the user's cache folder,
// under a name that hashes the go command, the module and the environment.

// goSeedVersion changes whenever the way a seed is made changes.
const goSeedVersion = 1

// goTool is what a check program that runs the go command is handed: the
// command's absolute path and a warm cache. The zero value: it runs none.
type goTool struct {
	bin  string // the go command
	seed string // the warm build cache (see goSeed)
}

// readOnly returns the folders the check program reads the go command and
// its cache from, which a sandbox must show it.
func (g goTool) readOnly() []string {
	if g.bin == "" {
		return nil
	}
	bin := g.bin
	if real, err := filepath.EvalSymlinks(bin); err == nil {
		bin = real
	}
	// .../go/bin/go: the whole of GOROOT, tools and standard library.
	return []string{filepath.Dir(filepath.Dir(bin)), g.seed}
}

// goTool returns the go command and a warm build cache for l's checks, or
// the zero goTool when l runs no go command.
func (k *Kit) goTool(ctx context.Context, l *Lesson) (goTool, error) {
	if l.GoModule == "" {
		return goTool{}, nil
	}
	gobin, err := exec.LookPath("go")
	if err == nil {
		gobin, err = filepath.Abs(gobin)
	}
	if err != nil {
		return goTool{}, fmt.Errorf("lesson %s runs the go command in its checks, and it is not on PATH: %w", l.Number, err)
	}
	seed, err := k.goSeed(ctx, l, gobin)
	return goTool{bin: gobin, seed: seed}, err
}

// goSeed returns a warm build cache for l's go module, making it first if
// needed.
func (k *Kit) goSeed(ctx context.Context, l *Lesson, gobin string) (string, error) {
	archive, err := os.ReadFile(filepath.Join(k.Root, l.GoModule))
	if err != nil {
		return "", fmt.Errorf("warm a build cache for lesson %s: read its module: %w", l.Number, err)
	}
	base, err := os.UserCacheDir()
	if err != nil {
		return "", fmt.Errorf("warm a build cache for lesson %s: find the user's cache folder: %w", l.Number, err)
	}
	h := sha256.New()
	fmt.Fprintf(h, "version %d\ngo %s %s\nenv %q\n", goSeedVersion, gobin, fingerprint(gobin), lab.GoEnv("HOME", "CACHE"))
	h.Write(archive)
	dir := filepath.Join(base, "harnesslab", "goseed-"+hex.EncodeToString(h.Sum(nil))[:24])
	if _, err := os.Stat(filepath.Join(dir, "README")); err == nil {
		return dir, nil // go's cache writes README last when it opens a cache
	}
	if err := makeGoSeed(ctx, gobin, txtar.Parse(archive), dir); err != nil {
		return "", fmt.Errorf("warm a build cache for lesson %s: %w", l.Number, err)
	}
	return dir, nil
}

// makeGoSeed runs go vet and go test on the module in a folder of its own,
// with a fresh cache, and moves the cache to dir when it is warm. Several
// runs may make the same seed at once: the first rename wins, and the others
// throw theirs away.
func makeGoSeed(ctx context.Context, gobin string, module *txtar.Archive, dir string) error {
	if err := os.MkdirAll(filepath.Dir(dir), 0o755); err != nil {
		return fmt.Errorf("make the cache folder: %w", err)
	}
	suffix := make([]byte, 6)
	rand.Read(suffix)
	work := dir + ".making-" + hex.EncodeToString(suffix)
	defer os.RemoveAll(work)
	src, cache, home := filepath.Join(work, "module"), filepath.Join(work, "cache"), filepath.Join(work, "home")
	for _, f := range module.Files {
		path := filepath.Join(src, filepath.FromSlash(f.Name))
		if !strings.HasPrefix(path, src+string(filepath.Separator)) {
			return fmt.Errorf("the module names a file outside itself: %s", f.Name)
		}
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			return fmt.Errorf("write the module: %w", err)
		}
		if err := os.WriteFile(path, f.Data, 0o644); err != nil {
			return fmt.Errorf("write the module: %w", err)
		}
	}
	env := lab.GoEnv(home, cache)
	for _, args := range [][]string{{"vet", "./..."}, {"test", "./..."}} {
		cmd := exec.CommandContext(ctx, gobin, args...)
		cmd.Dir, cmd.Env = src, env
		out, err := cmd.CombinedOutput()
		if ctx.Err() != nil {
			return fmt.Errorf("go %s: %w", strings.Join(args, " "), ctx.Err())
		}
		// vet may report on purpose, and the module's tests may fail on
		// purpose; only tests that could not be built are a problem.
		if args[0] == "test" && err != nil && !testsRan(string(out)) {
			return fmt.Errorf("the module's tests do not build: go %s: %v\n%s", strings.Join(args, " "), err, out)
		}
	}
	if _, err := os.Stat(filepath.Join(cache, "README")); err != nil {
		return fmt.Errorf("go left no build cache in %s", cache)
	}
	if err := os.Rename(cache, dir); err != nil {
		if _, statErr := os.Stat(filepath.Join(dir, "README")); statErr == nil {
			return nil // another run made it first
		}
		return fmt.Errorf("keep the warm cache: %w", err)
	}
	return nil
}

// testsRan reports whether go test's output shows tests that were built and
// ran, passing or failing.
func testsRan(out string) bool {
	if strings.Contains(out, "[build failed]") || strings.Contains(out, "[setup failed]") {
		return false
	}
	return strings.Contains(out, "--- FAIL") || strings.Contains(out, "\nok ") || strings.HasPrefix(out, "ok ")
}
