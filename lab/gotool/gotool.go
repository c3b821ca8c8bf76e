// Package gotool runs the go command for the kit: it finds the command, gives
// it an environment, writes an overlay file when a build puts some files in
// the place of others, and keeps what the command prints within a cap.
//
//	res, err := gotool.Run(ctx, gotool.Command{
//		Args:    []string{"build", "-o", bin, "./grader/runs/02"},
//		Dir:     kitRoot,
//		Overlay: map[string]string{kitFile: studentFile},
//	})
//	if err == nil && res.ExitCode != 0 {
//		fmt.Println(res.Output) // the compiler's errors, at most MaxOutput bytes
//	}
//
// Goals: one way to run the go command for every caller (package lab's
// GoCommands, the grader's toolchain, cells and real-model runs), so that
// finding it, its environment and the handling of its output are written
// once.
//
// Non-goals: deciding which commands may run (package lab's GoCommandShape
// does) or isolating the command from the machine (a caller that needs
// that, as lab does, passes a whole environment of its own).
//
// Package lab, which students' code imports, uses it, so it imports nothing
// of the project.
package gotool

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
)

// EnvGo names the environment variable that, when set, is the go command to
// run, whatever PATH says.
const EnvGo = "LAB_GO"

// DefaultMaxOutput is how much of its output a command keeps when
// Command.MaxOutput is zero.
const DefaultMaxOutput = 64 << 10

// Path returns the go command to run: $LAB_GO, the go on PATH, $GOROOT/bin/go,
// or /usr/local/go/bin/go, the first that exists (the last is returned even
// when it does not, and running it says so).
func Path() string {
	if path := os.Getenv(EnvGo); path != "" {
		return path
	}
	if path, err := exec.LookPath("go"); err == nil {
		return path
	}
	if root := os.Getenv("GOROOT"); root != "" {
		if path := filepath.Join(root, "bin", "go"); fileExists(path) {
			return path
		}
	}
	return "/usr/local/go/bin/go"
}

// LocalEnv returns this process's environment with the settings that keep a
// build local and reproducible: no workspace file, no toolchain download, a
// go.mod that is read and never rewritten. cgo is on only when asked for (a
// build with the race detector needs it).
func LocalEnv(cgo bool) []string {
	cgoSetting := "CGO_ENABLED=0"
	if cgo {
		cgoSetting = "CGO_ENABLED=1"
	}
	return append(os.Environ(), cgoSetting, "GOWORK=off", "GOTOOLCHAIN=local", "GOFLAGS=-mod=readonly")
}

// Command is one run of the go command.
type Command struct {
	Args []string // the words after "go": "build", "-o", ...
	Dir  string   // where it runs; empty is this process's folder
	Env  []string // its whole environment; nil is LocalEnv(false)
	// Overlay, if not empty, is passed to the command as -overlay (after
	// Args[0]): each key is a file of the build, each value the file read in
	// its place, or "" to leave the file out.
	Overlay map[string]string
	// Stdout, if set, receives the standard output whole (go list's JSON,
	// say); otherwise standard output is kept in Result.Output with the
	// standard error.
	Stdout io.Writer
	// MaxOutput caps Result.Output (default DefaultMaxOutput); what goes
	// beyond is dropped, and a last line says how much.
	MaxOutput int
}

// Result is how a run of the go command ended.
type Result struct {
	Output   string // standard error, and standard output unless Command.Stdout took it; capped
	ExitCode int    // 0 when the command succeeded
}

// Run runs the go command and waits for it. The error is for a command that
// could not be run, or that ctx stopped; a command that ran and failed is a
// Result with a non-zero ExitCode.
func Run(ctx context.Context, c Command) (Result, error) {
	if len(c.Args) == 0 {
		return Result{}, errors.New("run the go command: no arguments given")
	}
	args := c.Args
	if len(c.Overlay) > 0 {
		path, cleanup, err := writeOverlay(c.Overlay)
		if err != nil {
			return Result{}, err
		}
		defer cleanup()
		args = append([]string{args[0], "-overlay", path}, args[1:]...)
	}
	gobin := Path()
	cmd := exec.CommandContext(ctx, gobin, args...)
	cmd.Dir, cmd.Env = c.Dir, c.Env
	if cmd.Env == nil {
		cmd.Env = LocalEnv(false)
	}
	out := &capped{max: c.MaxOutput}
	if out.max <= 0 {
		out.max = DefaultMaxOutput
	}
	cmd.Stdout, cmd.Stderr = out, out
	if c.Stdout != nil {
		cmd.Stdout = c.Stdout
	}
	err := cmd.Run()
	if ctx.Err() != nil {
		return Result{}, fmt.Errorf("go %s: stopped: %w", c.Args[0], ctx.Err())
	}
	var exit *exec.ExitError
	switch {
	case errors.As(err, &exit):
		return Result{Output: out.String(), ExitCode: exit.ExitCode()}, nil
	case errors.Is(err, exec.ErrNotFound) || errors.Is(err, os.ErrNotExist):
		return Result{}, fmt.Errorf("run the go command: it is not on PATH (tried %s); install Go from https://go.dev/dl or set %s to the go command", gobin, EnvGo)
	case err != nil:
		return Result{}, fmt.Errorf("run go %s: %w", c.Args[0], err)
	}
	return Result{Output: out.String()}, nil
}

// Output runs the go command and returns its standard output, trimmed. A
// command that fails is an error that holds what it printed on standard
// error.
func Output(ctx context.Context, c Command) (string, error) {
	var stdout bytes.Buffer
	c.Stdout = &stdout
	res, err := Run(ctx, c)
	if err != nil {
		return "", err
	}
	if res.ExitCode != 0 {
		return "", fmt.Errorf("go %s: exit status %d: %s", c.Args[0], res.ExitCode, strings.TrimSpace(res.Output))
	}
	return strings.TrimSpace(stdout.String()), nil
}

// writeOverlay writes the go command's -overlay file for replace into a
// temporary folder, and returns its path and a function that removes it.
func writeOverlay(replace map[string]string) (string, func(), error) {
	data, err := json.Marshal(struct{ Replace map[string]string }{replace})
	if err != nil {
		return "", nil, fmt.Errorf("write the overlay: %w", err)
	}
	dir, err := os.MkdirTemp("", "gotool-overlay-")
	if err != nil {
		return "", nil, fmt.Errorf("write the overlay: %w", err)
	}
	path := filepath.Join(dir, "overlay.json")
	if err := os.WriteFile(path, data, 0o600); err != nil {
		os.RemoveAll(dir)
		return "", nil, fmt.Errorf("write the overlay: %w", err)
	}
	return path, func() { os.RemoveAll(dir) }, nil
}

func fileExists(path string) bool {
	_, err := os.Stat(path)
	return err == nil
}

// capped keeps the first max bytes written to it and counts the rest.
type capped struct {
	mu      sync.Mutex
	max     int
	buf     bytes.Buffer
	dropped int
}

// Write keeps what fits under the cap and counts the rest; it never fails.
func (b *capped) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	room := max(b.max-b.buf.Len(), 0)
	if len(p) > room {
		b.buf.Write(p[:room])
		b.dropped += len(p) - room
		return len(p), nil
	}
	return b.buf.Write(p)
}

// String returns what was kept, with a last line saying how much was dropped.
func (b *capped) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.dropped > 0 {
		return b.buf.String() + fmt.Sprintf("\n[%d more bytes of output dropped]\n", b.dropped)
	}
	return b.buf.String()
}
