//go:build linux

package sandbox

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"
	"time"
)

func TestRunSetsEveryLimit(t *testing.T) {
	forEachMode(t, func(t *testing.T, m mode) {
		cfg := config(t, m)
		cfg.Timeout, cfg.MemoryBytes, cfg.FileBytes, cfg.MaxProcs = 5*time.Second, 512<<20, 1<<20, 32
		res := run(t, cfg, "cat", "/proc/self/limits")
		for _, want := range []string{
			"Max cpu time              7                    8                    seconds",
			"Max file size             1048576              1048576              bytes",
			"Max core file size        0                    0                    bytes",
			"Max data size             536870912            536870912            bytes",
			"Max open files            256                  256                  files",
			"Max address space         2684354560           2684354560           bytes",
		} {
			if !bytes.Contains(res.Stdout, []byte(want)) {
				t.Errorf("/proc/self/limits of the command lacks %q", want)
			}
		}
		if !bytes.Contains(res.Stdout, []byte("Max processes")) {
			t.Errorf("no RLIMIT_NPROC line in %q", res.Stdout)
		}
	})
}

func TestRunCapsOutputWhileReading(t *testing.T) {
	forEachMode(t, func(t *testing.T, m mode) {
		cfg := config(t, m)
		res := run(t, cfg, helper(t), "flood", "100") // 100 MiB on each stream
		marker := TruncationMarker(DefaultOutputBytes)
		for _, s := range []struct {
			name string
			got  []byte
			fill byte
		}{{"stdout", res.Stdout, 'x'}, {"stderr", res.Stderr, 'y'}} {
			want := append(bytes.Repeat([]byte{s.fill}, DefaultOutputBytes), marker...)
			if !bytes.Equal(s.got, want) {
				t.Errorf("%s: %d bytes ending %q, want %d bytes of %q and the marker %q", s.name, len(s.got), tail(s.got), DefaultOutputBytes, s.fill, marker)
			}
		}
		if !res.Truncated || res.ExitCode != 0 {
			t.Errorf("Truncated = %v, ExitCode = %d; want true, 0 (the flood is read and discarded, not blocked)", res.Truncated, res.ExitCode)
		}
	})
}

func TestRunMemoryLimit(t *testing.T) {
	forEachMode(t, func(t *testing.T, m mode) {
		cfg := config(t, m)
		if res := run(t, cfg, helper(t), "alloc", "64"); res.ExitCode != 0 {
			t.Errorf("a Go program using 64 MiB failed under the default 1 GiB limit: exit %d", res.ExitCode)
		}
		res := run(t, cfg, helper(t), "alloc", "4096")
		if res.ExitCode == 0 || bytes.Contains(res.Stdout, []byte("allocated")) {
			t.Errorf("allocating 4 GiB succeeded under a 1 GiB limit: %+v", res)
		}
		if !bytes.Contains(res.Stderr, []byte("out of memory")) {
			t.Errorf("stderr = %.200q, want Go's out of memory error", res.Stderr)
		}
	})
}

func TestRunFileSizeLimit(t *testing.T) {
	forEachMode(t, func(t *testing.T, m mode) {
		cfg := config(t, m)
		cfg.FileBytes = 1 << 20
		big := filepath.Join(cfg.Dir, "big")
		res := run(t, cfg, helper(t), "writefile", big, "4")
		info, err := os.Stat(big)
		if err != nil {
			t.Fatal(err)
		}
		if res.ExitCode == 0 || info.Size() > cfg.FileBytes {
			t.Errorf("wrote %d bytes with exit %d, want at most %d and a failure", info.Size(), res.ExitCode, cfg.FileBytes)
		}
	})
}

// tail is the end of b, for a message.
func tail(b []byte) []byte {
	return b[max(0, len(b)-60):]
}
