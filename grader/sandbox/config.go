package sandbox

import (
	"fmt"
	"os"
	"path/filepath"
	"time"

	"harnesslab/grader/capture"
)

// Defaults used where a Config field is zero.
const (
	DefaultTimeout     = 60 * time.Second
	DefaultMemoryBytes = 1 << 30  // 1 GiB of private writable memory
	DefaultOutputBytes = 64 << 10 // 64 KiB per stream
	DefaultFileBytes   = 16 << 20 // 16 MiB per file written
	DefaultMaxProcs    = 64
	// OpenFiles is the limit on open file descriptors (RLIMIT_NOFILE).
	OpenFiles = 256
	// AddressSpaceHeadroom is how much more address space (RLIMIT_AS) than
	// MemoryBytes a command gets: room for what the Go runtime reserves and
	// never touches.
	AddressSpaceHeadroom = 2 << 30
)

// Config says how to run one command. The zero value of every field but Dir
// is useful.
type Config struct {
	// Dir is the private writable folder: the working directory of the
	// command, and HOME and TMPDIR point here. It must exist. Under bwrap it
	// is the only place the command can write, besides a private /tmp that
	// disappears with it.
	Dir string
	// ReadOnly lists paths that must be visible inside, read-only, such as
	// the folder holding the binary. Under bwrap the whole file system is
	// visible read-only anyway, except /tmp (private) and Hidden paths, so
	// list here anything under those. Each path must exist.
	ReadOnly []string
	// Hidden lists paths replaced by an empty folder under bwrap, such as the
	// instructor's home. ReadOnly paths and Dir inside them stay visible.
	// Ignored in the fallback mode.
	Hidden []string
	// Env is the whole environment of the command: nothing is inherited.
	// Run sets HOME, TMPDIR and PWD to Dir, replacing any given here. A command
	// named without a slash is looked up in Env's PATH, or in
	// /usr/local/bin:/usr/bin:/bin when Env has none.
	Env []string
	// Timeout is the wall-clock limit (0: 60 s). The CPU-time limit is set a
	// little above it.
	Timeout time.Duration
	// MemoryBytes is the memory limit (0: 1 GiB): RLIMIT_DATA, the private
	// writable memory a heap grows into, is set to it, and RLIMIT_AS, the
	// address space, to it plus AddressSpaceHeadroom. RLIMIT_AS alone is no
	// good for Go programs: the runtime reserves about 1.1 GiB of address
	// space up front (0.6 GiB of it required), so a Go program under
	// RLIMIT_AS of 1.15 to 1.4 GiB cannot even start, and under 1 GiB a
	// cgo-linked one fails most 64 MiB allocations (measured, Go 1.26,
	// linux/amd64). An allocation beyond the limit fails; a Go program then
	// dies with "fatal error: out of memory" (exit status 2).
	MemoryBytes int64
	// OutputBytes caps the captured stdout, and the captured stderr, each
	// (0: 64 KiB). Beyond it the stream is read and discarded, and the
	// marker "\n[... output truncated after N bytes ...]\n" is appended.
	OutputBytes int
	// FileBytes is the largest file the command may write, RLIMIT_FSIZE
	// (0: 16 MiB). A write beyond it fails and raises SIGXFSZ.
	FileBytes int64
	// MaxProcs is a best-effort cap on the processes and threads the command
	// may add, RLIMIT_NPROC (0: 64). The kernel does not enforce it for
	// root; there the PID namespace and the kill of the whole process group
	// are what stop spawners.
	MaxProcs int
	// Fallback forces the rlimit mode even where bwrap works: for tests, or
	// for a caller that knows better.
	Fallback bool
}

// Result is what one command did. A command that failed, crashed, hung or
// flooded its output is a Result, never an error.
type Result struct {
	Stdout, Stderr []byte        // captured, each capped at OutputBytes plus the marker
	Truncated      bool          // stdout or stderr was cut at the cap
	ExitCode       int           // the exit status, -1 if killed by a signal
	TimedOut       bool          // killed because Timeout passed
	Duration       time.Duration // wall clock, from start to exit
}

// TruncationMarker is appended to a stream that was cut after limit bytes.
func TruncationMarker(limit int) string {
	return capture.Marker(limit)
}

// withDefaults returns cfg with zero fields set to their defaults and every
// path made absolute and checked.
func (cfg Config) withDefaults() (Config, error) {
	if cfg.Dir == "" {
		return cfg, fmt.Errorf("sandbox: check config: Dir is empty")
	}
	if cfg.Timeout <= 0 {
		cfg.Timeout = DefaultTimeout
	}
	if cfg.MemoryBytes <= 0 {
		cfg.MemoryBytes = DefaultMemoryBytes
	}
	if cfg.OutputBytes <= 0 {
		cfg.OutputBytes = DefaultOutputBytes
	}
	if cfg.FileBytes <= 0 {
		cfg.FileBytes = DefaultFileBytes
	}
	if cfg.MaxProcs <= 0 {
		cfg.MaxProcs = DefaultMaxProcs
	}
	var err error
	if cfg.Dir, err = existingDir(cfg.Dir); err != nil {
		return cfg, fmt.Errorf("sandbox: check config: Dir: %v", err)
	}
	if cfg.ReadOnly, err = absPaths(cfg.ReadOnly, true); err != nil {
		return cfg, fmt.Errorf("sandbox: check config: ReadOnly: %v", err)
	}
	if cfg.Hidden, err = absPaths(cfg.Hidden, false); err != nil {
		return cfg, fmt.Errorf("sandbox: check config: Hidden: %v", err)
	}
	return cfg, nil
}

// existingDir returns dir made absolute, after checking it is a folder.
func existingDir(dir string) (string, error) {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return "", err
	}
	info, err := os.Stat(abs)
	if err != nil {
		return "", err
	}
	if !info.IsDir() {
		return "", fmt.Errorf("%s is not a folder", abs)
	}
	return abs, nil
}

// absPaths returns paths made absolute; with mustExist, each must exist.
func absPaths(paths []string, mustExist bool) ([]string, error) {
	out := make([]string, 0, len(paths))
	for _, p := range paths {
		abs, err := filepath.Abs(p)
		if err != nil {
			return nil, err
		}
		if mustExist {
			if _, err := os.Stat(abs); err != nil {
				return nil, err
			}
		}
		out = append(out, abs)
	}
	return out, nil
}
