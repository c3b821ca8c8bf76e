package lab

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
)

// EnvGoSeed names the environment variable through which the kit hands a
// check program a warm build cache, read-only (see CopyGoSeed). The kit
// warms it once per go command and module, outside the sandbox.
const EnvGoSeed = "LAB_GOCACHE_SEED"

// EnvGo names the environment variable that holds the absolute path of the
// go command, for checks that run it: a check program's PATH does not reach
// it.
const EnvGo = "LAB_GO"

// GoEnv returns the whole environment of a go command that a check runs on
// a small module: nothing is inherited, no network, no other toolchain, no
// cgo, and home, module cache and build cache in folders the check owns. The
// kit warms its build cache with the same environment, so that what it
// compiled is found again.
func GoEnv(home, cache string) []string {
	return []string{
		"PATH=/usr/bin:/bin",
		"HOME=" + home,
		"GOPATH=" + filepath.Join(home, "go"),
		"GOMODCACHE=" + filepath.Join(home, "go", "pkg", "mod"),
		"GOCACHE=" + cache,
		"GOENV=off",
		"GOWORK=off",
		"GOTOOLCHAIN=local",
		"GOPROXY=off",
		"GOSUMDB=off",
		"GOFLAGS=-mod=mod",
		"GOTELEMETRY=off",
		"CGO_ENABLED=0",
	}
}

// CopyGoSeed copies the warm build cache named by EnvGoSeed into cache,
// which must not exist yet, and reports whether there was one. Without a
// seed the go command starts from an empty cache: correct, but it compiles
// the standard library's packages again (about 20 s for go test here).
func CopyGoSeed(cache string) (bool, error) {
	seed := os.Getenv(EnvGoSeed)
	if seed == "" {
		return false, nil
	}
	err := filepath.WalkDir(seed, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(seed, path)
		if err != nil {
			return err
		}
		to := filepath.Join(cache, rel)
		if d.IsDir() {
			return os.MkdirAll(to, 0o755)
		}
		if !d.Type().IsRegular() {
			return nil // the cache holds only folders and files
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		return os.WriteFile(to, data, 0o644)
	})
	if err != nil {
		return false, fmt.Errorf("copy the warm build cache %s: %w", seed, err)
	}
	return true, nil
}
