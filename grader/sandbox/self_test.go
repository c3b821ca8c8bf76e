//go:build linux

package sandbox

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// envSelf makes TestSelfHelper speak: it is the command of
// TestRunThisProgramAgain, not a test of its own.
const envSelf = "SANDBOX_SELF_HELPER"

// TestRunThisProgramAgain runs this very test binary as the command: under
// bwrap, Init then goes on as the command instead of starting the binary
// again, and the command must still run under every limit, with no
// descriptor it did not open itself.
func TestRunThisProgramAgain(t *testing.T) {
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	forEachMode(t, func(t *testing.T, m mode) {
		cfg := config(t, m)
		cfg.ReadOnly = append(cfg.ReadOnly, filepath.Dir(exe))
		cfg.Env = append(cfg.Env, envSelf+"=1")
		cfg.FileBytes = 1 << 20
		res := run(t, cfg, exe, "-test.run=^TestSelfHelper$", "-test.v")
		if res.ExitCode != 0 {
			t.Fatalf("the command failed: exit %d\n%s\n%s", res.ExitCode, res.Stdout, res.Stderr)
		}
		for _, want := range []string{
			"Max file size             1048576              1048576              bytes",
			"Max open files            256                  256                  files",
			"inherited: []",
		} {
			if !bytes.Contains(res.Stdout, []byte(want)) {
				t.Errorf("the command's output lacks %q:\n%s", want, res.Stdout)
			}
		}
	})
}

// TestSelfHelper is the command of TestRunThisProgramAgain: it prints its
// limits and the descriptors above 2 it holds, other than the runtime's own
// and the folder it reads them from.
func TestSelfHelper(t *testing.T) {
	if os.Getenv(envSelf) == "" {
		t.Skip("the command of TestRunThisProgramAgain, not a test")
	}
	limits, err := os.ReadFile("/proc/self/limits")
	if err != nil {
		t.Fatal(err)
	}
	fmt.Printf("%s\n", limits)
	entries, err := os.ReadDir("/proc/self/fd")
	if err != nil {
		t.Fatal(err)
	}
	inherited := []string{}
	for _, e := range entries {
		fd, _ := strconv.Atoi(e.Name())
		target, err := os.Readlink("/proc/self/fd/" + e.Name())
		if fd <= 2 || err != nil || strings.HasPrefix(target, "anon_inode:") ||
			strings.HasPrefix(target, "/sys/fs/cgroup/") || strings.HasSuffix(target, "/fd") {
			continue // the runtime's own (an epoll, an eventfd, its CPU quota), or the folder being read
		}
		inherited = append(inherited, fmt.Sprintf("%d=%s", fd, target))
	}
	fmt.Printf("inherited: %v\n", inherited)
}
