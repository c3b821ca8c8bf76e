package lab

// Commands for lesson 16: a harness that may run `go test` and `go vet` on the
// module it is fixing. The harness never starts a process itself. It hands
// the words of a command to a Commands, which the caller built; the kit's
// GoCommands runs only two fixed shapes of command, in a fresh folder on disk
// that holds a copy of a workspace, and refuses everything else.
//
// The build cache: a cold `go test` compiles the testing package and its
// dependencies (about 20 s and 41 MB here); warm, it takes about half a
// second. A cache shared between programs would let one program plant
// compiled objects that another one trusts, so every process gets a private
// cache of its own. When the environment variable LAB_GOCACHE_SEED names a
// folder holding a warm cache, the private cache starts as a copy of it
// (once per process); otherwise it starts empty. A program that trusts every
// build made on its machine (the lesson's own cells, run by their author) may
// set LAB_GOCACHE to a cache used as it is, shared and unseeded; the checks'
// environment never carries it.

import (
	"context"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"time"

	"harnesslab/lab/gotool"
)

// CommandOutput is what a command printed and how it ended.
type CommandOutput struct {
	Output   string // standard output and standard error together, at most MaxCommandOutput bytes
	ExitCode int    // 0 when the command succeeded
}

// Commands runs a command, given as its words, in a folder that holds a copy
// of the files of ws. An error means the command could not be run at all (it
// was refused, or took too long); a command that ran and failed is an output
// with a non-zero ExitCode.
type Commands interface {
	Run(ws *Workspace, argv []string) (CommandOutput, error)
}

// CommandRun is one command that reached a Commands: its words, whether it
// ran, how it ended, and why it was refused if it was.
type CommandRun struct {
	Argv     []string
	Ran      bool
	ExitCode int    // when it ran
	Refusal  string // when it did not: why
}

// MaxCommandOutput is the most output GoCommands keeps of one command; the
// rest is dropped and a last line says so.
const MaxCommandOutput = 64 << 10

// MaxModuleBytes is the most GoCommands writes of a workspace for one
// command; a bigger workspace is refused before anything is written.
const MaxModuleBytes = 4 << 20

// MaxGoCacheBytes is the most a process's private build cache may hold: a
// cold `go test` writes about 41 MB into it. Once it holds more, GoCommands
// refuses to run anything.
const MaxGoCacheBytes = 512 << 20

// GoCommandTimeout is how long GoCommands lets one command run.
const GoCommandTimeout = 60 * time.Second

// EnvGoCache names the environment variable that may name a build cache to
// use as it is, instead of a private one.
const EnvGoCache = "LAB_GOCACHE"

// EnvGoCacheSeed names the environment variable that may name a folder
// holding a warm Go build cache, copied into each process's private cache.
const EnvGoCacheSeed = "LAB_GOCACHE_SEED"

// GoCommands runs `go test` and `go vet` for real. Each run writes the files
// of the workspace (at most MaxModuleBytes) into a fresh temporary folder, runs the go command there
// with no network, no module downloads and a private build cache (at most
// MaxGoCacheBytes), and removes the folder. It keeps a log of every command that reached it, run or
// refused. It is safe for use by several goroutines at once.
type GoCommands struct {
	mu  sync.Mutex
	log []CommandRun
}

// NewGoCommands returns a GoCommands with an empty log.
func NewGoCommands() *GoCommands { return &GoCommands{} }

// Log returns every command that reached g, in order.
func (g *GoCommands) Log() []CommandRun {
	g.mu.Lock()
	defer g.mu.Unlock()
	out := make([]CommandRun, len(g.log))
	for i, r := range g.log {
		r.Argv = append([]string(nil), r.Argv...)
		out[i] = r
	}
	return out
}

func (g *GoCommands) note(r CommandRun) {
	g.mu.Lock()
	defer g.mu.Unlock()
	r.Argv = append([]string(nil), r.Argv...)
	g.log = append(g.log, r)
}

// Run runs argv in a copy of ws when GoCommandShape accepts it, and refuses it
// otherwise.
func (g *GoCommands) Run(ws *Workspace, argv []string) (CommandOutput, error) {
	if err := GoCommandShape(argv); err != nil {
		g.note(CommandRun{Argv: argv, Refusal: err.Error()})
		return CommandOutput{}, err
	}
	out, err := runGo(ws, argv)
	if err != nil {
		g.note(CommandRun{Argv: argv, Refusal: err.Error()})
		return CommandOutput{}, err
	}
	g.note(CommandRun{Argv: argv, Ran: true, ExitCode: out.ExitCode})
	return out, nil
}

// packagePattern is a package pattern GoCommands accepts: ".", "./...", or a
// folder below "." made of plain names, optionally followed by "/...".
var packagePattern = regexp.MustCompile(`^\.(/[A-Za-z0-9_][A-Za-z0-9_.-]*)*(/\.\.\.)?$`)

// GoCommandShape returns nil for the only commands GoCommands runs:
//
//	go test [-v] [PATTERN...]
//	go vet [PATTERN...]
//
// where a PATTERN is ".", "./...", "./calc" or "./calc/...": a folder inside
// the module, never above it. Anything else is an error that says what was
// refused.
func GoCommandShape(argv []string) error {
	if len(argv) < 2 || argv[0] != "go" || (argv[1] != "test" && argv[1] != "vet") {
		return fmt.Errorf("refused %q: only go test and go vet run here", strings.Join(argv, " "))
	}
	rest := argv[2:]
	if argv[1] == "test" && len(rest) > 0 && rest[0] == "-v" {
		rest = rest[1:]
	}
	for _, word := range rest {
		if !packagePattern.MatchString(word) {
			return fmt.Errorf("refused %q: %q is not a package pattern inside the module", strings.Join(argv, " "), word)
		}
	}
	return nil
}

// runGo writes ws into a fresh folder and runs the go command there.
func runGo(ws *Workspace, argv []string) (CommandOutput, error) {
	cache, err := privateGoCache()
	if err != nil {
		return CommandOutput{}, err
	}
	if os.Getenv(EnvGoCache) == "" {
		if size := treeBytes(cache); size > MaxGoCacheBytes {
			return CommandOutput{}, fmt.Errorf("refused %q: the build cache holds %d MiB, more than the %d MiB allowed",
				strings.Join(argv, " "), size>>20, MaxGoCacheBytes>>20)
		}
	}
	dir, err := os.MkdirTemp("", "lab-module-")
	if err != nil {
		return CommandOutput{}, fmt.Errorf("make a folder for the module: %w", err)
	}
	defer os.RemoveAll(dir)
	if err := writeModule(ws, filepath.Join(dir, "module")); err != nil {
		return CommandOutput{}, err
	}
	ctx, cancel := context.WithTimeout(context.Background(), GoCommandTimeout)
	defer cancel()
	res, err := gotool.Run(ctx, gotool.Command{Args: argv[1:], Dir: filepath.Join(dir, "module"),
		Env: goEnv(dir, cache), MaxOutput: MaxCommandOutput})
	if ctx.Err() != nil {
		return CommandOutput{}, fmt.Errorf("%s took longer than %s and was stopped", strings.Join(argv, " "), GoCommandTimeout)
	}
	if err != nil {
		return CommandOutput{}, fmt.Errorf("run %s: %w", strings.Join(argv, " "), err)
	}
	return CommandOutput{Output: steadyTimes(res.Output), ExitCode: res.ExitCode}, nil
}

// writeModule writes every file of ws under dir. A path that would land
// outside dir is an error.
func writeModule(ws *Workspace, dir string) error {
	total := 0
	for _, path := range ws.Paths() {
		text, _ := ws.Peek(path)
		total += len(text)
	}
	if total > MaxModuleBytes {
		return fmt.Errorf("write the module: the workspace holds %d bytes, more than the %d written for one command; keep it smaller", total, MaxModuleBytes)
	}
	for _, path := range ws.Paths() {
		if !filepath.IsLocal(path) {
			return fmt.Errorf("write the module: %q is not a path inside the module", path)
		}
		text, _ := ws.Peek(path)
		full := filepath.Join(dir, filepath.FromSlash(path))
		if err := os.MkdirAll(filepath.Dir(full), 0o755); err != nil {
			return fmt.Errorf("write the module: %w", err)
		}
		if err := os.WriteFile(full, []byte(text), 0o644); err != nil {
			return fmt.Errorf("write the module: %w", err)
		}
	}
	return nil
}

// goEnv is the whole environment of a go command run in dir: nothing from
// this process, no network, no toolchain downloads, and the private cache.
func goEnv(dir, cache string) []string {
	home := filepath.Join(dir, "home")
	return []string{
		"PATH=" + filepath.Dir(gotool.Path()) + ":/usr/bin:/bin",
		"HOME=" + home, "TMPDIR=" + dir,
		"GOPATH=" + filepath.Join(home, "go"), "GOMODCACHE=" + filepath.Join(home, "go", "pkg", "mod"),
		"GOCACHE=" + cache, "GOENV=off", "GOTOOLCHAIN=local", "GOPROXY=off", "GOWORK=off",
		"GOFLAGS=-mod=mod -count=1", "GOTELEMETRY=off", "CGO_ENABLED=0",
	}
}

// The private build cache of this process.
var goCache struct {
	once sync.Once
	dir  string
	err  error
}

// privateGoCache returns this process's build cache, made on first use: a
// copy of $LAB_GOCACHE_SEED when it is set, an empty folder otherwise.
func privateGoCache() (string, error) {
	goCache.once.Do(func() {
		if shared := os.Getenv(EnvGoCache); shared != "" {
			goCache.dir = shared
			return
		}
		dir, err := os.MkdirTemp("", "lab-gocache-")
		if err != nil {
			goCache.err = fmt.Errorf("make a private build cache: %w", err)
			return
		}
		goCache.dir = dir
		if seed := os.Getenv(EnvGoCacheSeed); seed != "" {
			if err := copyTree(seed, dir); err != nil {
				goCache.err = fmt.Errorf("copy the build cache from %s=%s: %w", EnvGoCacheSeed, seed, err)
			}
		}
	})
	return goCache.dir, goCache.err
}

// copyTree copies the regular files and folders under from into to.
func copyTree(from, to string) error {
	return filepath.WalkDir(from, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(from, path)
		if err != nil {
			return err
		}
		target := filepath.Join(to, rel)
		switch {
		case d.IsDir():
			return os.MkdirAll(target, 0o755)
		case !d.Type().IsRegular():
			return nil
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		return os.WriteFile(target, data, 0o644)
	})
}

// treeBytes is the size of the regular files under dir (what it can read).
func treeBytes(dir string) int64 {
	var n int64
	filepath.WalkDir(dir, func(_ string, d fs.DirEntry, err error) error {
		if err == nil && d.Type().IsRegular() {
			if info, err := d.Info(); err == nil {
				n += info.Size()
			}
		}
		return nil
	})
	return n
}

// durations matches the times go test prints: "(0.01s)" and a last "0.004s".
var durations = regexp.MustCompile(`(?m)([(\t ])[0-9]+\.[0-9]+s(\)|$)`)

// steadyTimes writes every time go test prints as 0.00s, so that two runs of
// the same tests print the same text.
func steadyTimes(output string) string {
	return durations.ReplaceAllString(output, "${1}0.00s${2}")
}
