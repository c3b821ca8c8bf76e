package engine

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"sync"
	"time"

	"harnesslab/grader"
	"harnesslab/lab/gotool"
)

// kitPaths are the folders a sandboxed check runner, and the check programs
// it starts, must not see: the kit (its solutions/, the checks' sources),
// the user's cache (the generated reference solutions under
// harnesslab/course-*, the kept toolchains, the go command's build cache,
// which holds the compiled reference), and the toolchain (GOROOT, the module
// cache). A check program needs none of them: it is one static binary. Only
// folders that exist are listed (a sandbox cannot hide what is not there).
func kitPaths(l *grader.Lesson) []string {
	var out []string
	add := func(p string) {
		if p == "" {
			return
		}
		if abs, err := filepath.Abs(p); err == nil {
			if info, err := os.Stat(abs); err == nil && info.IsDir() {
				out = append(out, abs)
			}
		}
	}
	add(l.Kit().Root)
	if dir, err := os.UserCacheDir(); err == nil {
		add(dir)
	}
	env := goEnv()
	for _, name := range []string{"GOROOT", "GOCACHE", "GOMODCACHE"} {
		add(env[name])
	}
	return out
}

// goEnv is what the go command says of its folders, read once per process;
// empty when it cannot say.
var goEnv = sync.OnceValue(func() map[string]string {
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	out, err := gotool.Output(ctx, gotool.Command{Args: []string{"env", "-json", "GOROOT", "GOCACHE", "GOMODCACHE"}})
	env := map[string]string{}
	if err == nil {
		json.Unmarshal([]byte(out), &env)
	}
	return env
})
