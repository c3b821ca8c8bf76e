//go:build linux

package sandbox

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"testing"
)

// run runs argv under cfg and fails the test on a sandbox error.
func run(t *testing.T, cfg Config, argv ...string) Result {
	t.Helper()
	res, err := Run(context.Background(), cfg, argv)
	if err != nil {
		t.Fatalf("Run(%q) error: %v", argv, err)
	}
	t.Logf("Run(%q): exit %d, timed out %v, %v\nstdout: %.300q\nstderr: %.300q", argv, res.ExitCode, res.TimedOut, res.Duration, res.Stdout, res.Stderr)
	return res
}

func TestRunOutputAndExitCode(t *testing.T) {
	forEachMode(t, func(t *testing.T, m mode) {
		res := run(t, config(t, m), "sh", "-c", "echo out; echo err >&2; exit 3")
		if string(res.Stdout) != "out\n" || string(res.Stderr) != "err\n" || res.ExitCode != 3 || res.TimedOut || res.Truncated {
			t.Errorf("got %+v, want stdout %q, stderr %q, exit 3", res, "out\n", "err\n")
		}
	})
}

func TestRunKilledBySignalIsMinusOne(t *testing.T) {
	forEachMode(t, func(t *testing.T, m mode) {
		res := run(t, config(t, m), "sh", "-c", "kill -KILL $$")
		if res.ExitCode != -1 {
			t.Errorf("ExitCode = %d, want -1 for a command killed by a signal", res.ExitCode)
		}
	})
}

func TestRunEnvironmentIsExactlyConfigEnv(t *testing.T) {
	t.Setenv("SANDBOX_SHOULD_NOT_LEAK", "1")
	forEachMode(t, func(t *testing.T, m mode) {
		cfg := config(t, m)
		cfg.Env = append(cfg.Env, "HOME=/elsewhere")
		res := run(t, cfg, helper(t), "env")
		got := strings.Split(strings.TrimSpace(string(res.Stdout)), "\n")
		want := []string{"PATH=/usr/bin:/bin", "LANG=C", "HOME=" + cfg.Dir, "TMPDIR=" + cfg.Dir, "PWD=" + cfg.Dir}
		slices.Sort(got)
		slices.Sort(want)
		if !slices.Equal(got, want) {
			t.Errorf("environment (-want +got):\n-%q\n+%q", want, got)
		}
		res = run(t, cfg, helper(t), "pwd")
		if got := strings.TrimSpace(string(res.Stdout)); got != cfg.Dir {
			t.Errorf("working directory = %q, want Dir %q", got, cfg.Dir)
		}
	})
}

func TestRunStdinIsEmpty(t *testing.T) {
	forEachMode(t, func(t *testing.T, m mode) {
		res := run(t, config(t, m), "cat")
		if res.ExitCode != 0 || len(res.Stdout) != 0 {
			t.Errorf("cat read %q (exit %d), want nothing: stdin is /dev/null", res.Stdout, res.ExitCode)
		}
	})
}

func TestRunConcurrently(t *testing.T) {
	forEachMode(t, func(t *testing.T, m mode) {
		cfg := config(t, m)
		errs := make(chan string, 6)
		for i := range 6 {
			go func() {
				want := strconv.Itoa(i)
				res, err := Run(context.Background(), cfg, []string{"sh", "-c", "sleep 0.1; echo " + want})
				if got := strings.TrimSpace(string(res.Stdout)); err != nil || got != want {
					errs <- fmt.Sprintf("run %d: got %q, %v", i, got, err)
					return
				}
				errs <- ""
			}()
		}
		for range 6 {
			if e := <-errs; e != "" {
				t.Error(e)
			}
		}
	})
}

func TestRunInheritsNoDescriptor(t *testing.T) {
	f, err := os.Open(os.DevNull)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	leaked, err := syscall.Dup(int(f.Fd())) // a dup is not close-on-exec, like a descriptor inherited from a shell
	if err != nil {
		t.Fatal(err)
	}
	defer syscall.Close(leaked)
	forEachMode(t, func(t *testing.T, m mode) {
		res := run(t, config(t, m), helper(t), "fd", strconv.Itoa(leaked))
		if res.ExitCode != 3 {
			t.Errorf("descriptor %d of the calling program is open in the command: exit %d, %q", leaked, res.ExitCode, res.Stdout)
		}
	})
}

func TestRunSandboxFailuresAreErrors(t *testing.T) {
	forEachMode(t, func(t *testing.T, m mode) {
		cfg := config(t, m)
		garbage := filepath.Join(cfg.Dir, "garbage")
		if err := os.WriteFile(garbage, []byte("not a program\x00\x01"), 0o755); err != nil {
			t.Fatal(err)
		}
		missingDir := cfg
		missingDir.Dir = filepath.Join(cfg.Dir, "missing")
		missingRO := cfg
		missingRO.ReadOnly = []string{filepath.Join(cfg.Dir, "missing")}
		for _, c := range []struct {
			reason string
			cfg    Config
			argv   []string
			want   string
		}{
			{"no command", cfg, nil, "empty command"},
			{"Dir does not exist", missingDir, []string{"true"}, "Dir"},
			{"a ReadOnly path does not exist", missingRO, []string{"true"}, "ReadOnly"},
			{"the command is not in PATH", cfg, []string{"no-such-command-here"}, "not found"},
			{"the command cannot be executed", cfg, []string{garbage}, "exec format error"},
		} {
			_, err := Run(context.Background(), c.cfg, c.argv)
			if err == nil || !strings.Contains(err.Error(), c.want) || !strings.HasPrefix(err.Error(), "sandbox: ") {
				t.Errorf("%s: error %v, want one starting with \"sandbox: \" and mentioning %q", c.reason, err, c.want)
			}
		}
	})
}

func TestRunRequiresInit(t *testing.T) {
	initCalled.Store(false)
	defer initCalled.Store(true)
	_, err := Run(context.Background(), Config{Dir: t.TempDir()}, []string{"true"})
	if err == nil || !strings.Contains(err.Error(), "Init") {
		t.Errorf("Run without Init: error %v, want one naming Init", err)
	}
}
