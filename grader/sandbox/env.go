package sandbox

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
)

// commandEnv returns cfg.Env with HOME, TMPDIR and PWD pointing at cfg.Dir
// (bwrap sets PWD anyway; the fallback does the same).
func commandEnv(cfg Config) []string {
	env := make([]string, 0, len(cfg.Env)+3)
	for _, kv := range cfg.Env {
		if strings.HasPrefix(kv, "HOME=") || strings.HasPrefix(kv, "TMPDIR=") || strings.HasPrefix(kv, "PWD=") {
			continue
		}
		env = append(env, kv)
	}
	return append(env, "HOME="+cfg.Dir, "TMPDIR="+cfg.Dir, "PWD="+cfg.Dir)
}

// defaultPath is searched for a command named without a slash when the
// command's environment has no PATH.
const defaultPath = "/usr/local/bin:/usr/bin:/bin"

// lookPath finds the command name in the PATH of env, as the command itself
// would see it.
func lookPath(name string, env []string) (string, error) {
	if strings.Contains(name, "/") {
		abs, err := filepath.Abs(name)
		if err != nil {
			return "", err
		}
		return abs, executable(abs)
	}
	path := defaultPath
	for _, kv := range env {
		if v, ok := strings.CutPrefix(kv, "PATH="); ok {
			path = v
		}
	}
	for _, dir := range filepath.SplitList(path) {
		if dir == "" || !filepath.IsAbs(dir) {
			continue // a relative PATH entry would depend on the working directory
		}
		p := filepath.Join(dir, name)
		if executable(p) == nil {
			return p, nil
		}
	}
	return "", fmt.Errorf("%s not found in PATH %s", name, path)
}

// executable reports why path cannot be executed, or nil.
func executable(path string) error {
	info, err := os.Stat(path)
	if err != nil {
		return err
	}
	if info.IsDir() || info.Mode()&0o111 == 0 {
		return fmt.Errorf("%s is not an executable file", path)
	}
	// A file the kernel cannot run is refused here, not handed to a shell
	// that would read it as a script.
	f, err := os.Open(path)
	if err != nil {
		return err
	}
	defer f.Close()
	head := make([]byte, 4)
	n, _ := io.ReadFull(f, head)
	if h := string(head[:n]); h != "\x7fELF" && !strings.HasPrefix(h, "#!") {
		return fmt.Errorf("%s: exec format error: neither a compiled program nor a script with a #! line", path)
	}
	return nil
}
