//go:build linux

package sandbox

import (
	"context"
	"net"
	"os"
	"path/filepath"
	"testing"
)

func TestRunBwrapHidden(t *testing.T) {
	skipWithoutBwrap(t)
	hidden, err := os.MkdirTemp("/var/tmp", "sandbox-hidden-")
	if err != nil {
		t.Skipf("no folder outside /tmp to test with: %v", err)
	}
	defer os.RemoveAll(hidden)
	shown := filepath.Join(hidden, "shown")
	for path, text := range map[string]string{filepath.Join(hidden, "secret"): "secret", filepath.Join(shown, "kit"): "kit"} {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	cfg := config(t, mode{ModeBwrap, false})
	cfg.Hidden = []string{hidden}
	cfg.ReadOnly = append(cfg.ReadOnly, shown)
	res := run(t, cfg, "sh", "-c", "cat "+filepath.Join(hidden, "secret")+"; cat "+filepath.Join(shown, "kit"))
	if string(res.Stdout) != "kit" {
		t.Errorf("stdout %q, want only %q: the hidden file must not show, the ReadOnly one inside must", res.Stdout, "kit")
	}
}

func TestRunBwrapHasNoNetwork(t *testing.T) {
	forEachMode(t, func(t *testing.T, m mode) {
		if m.fallback {
			t.Skip("the fallback mode does not isolate the network (Mode's warning says so)")
		}
		ln, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			t.Fatal(err)
		}
		defer ln.Close()
		go func() {
			for {
				c, err := ln.Accept()
				if err != nil {
					return
				}
				c.Close()
			}
		}()
		res := run(t, config(t, m), helper(t), "connect", ln.Addr().String())
		if res.ExitCode != 3 {
			t.Errorf("connect to %s from the sandbox: exit %d, %q; want a failure (exit 3)", ln.Addr(), res.ExitCode, res.Stdout)
		}
	})
}

func TestRunBwrapWritesOnlyDir(t *testing.T) {
	forEachMode(t, func(t *testing.T, m mode) {
		if m.fallback {
			t.Skip("the fallback mode does not isolate the file system (Mode's warning says so)")
		}
		cfg := config(t, m)
		// Folders the sandbox sees: one given in ReadOnly, and one outside
		// /tmp (which is private inside), seen through the read-only root.
		listed := t.TempDir()
		cfg.ReadOnly = append(cfg.ReadOnly, listed)
		visible, err := os.MkdirTemp("/var/tmp", "sandbox-test-")
		if err != nil {
			t.Skipf("no folder outside /tmp to test with: %v", err)
		}
		defer os.RemoveAll(visible)
		private := "/tmp/" + uniqueMark()
		for _, c := range []struct {
			reason  string
			argv    []string
			path    string
			created bool // inside the sandbox
		}{
			{"a ReadOnly folder is read-only", []string{"create", filepath.Join(listed, "a")}, filepath.Join(listed, "a"), false},
			{"the root is read-only", []string{"create", filepath.Join(visible, "b")}, filepath.Join(visible, "b"), false},
			{"even root cannot remount / read-write", []string{"remount", filepath.Join(visible, "c")}, filepath.Join(visible, "c"), false},
			{"the sandbox's /tmp is private", []string{"create", private}, private, true},
		} {
			res := run(t, cfg, append([]string{helper(t)}, c.argv...)...)
			if created := res.ExitCode == 0; created != c.created {
				t.Errorf("%s: created %s inside: %v, want %v: %q", c.reason, c.path, created, c.created, res.Stdout)
			}
			if _, err := os.Stat(c.path); err == nil {
				os.Remove(c.path)
				t.Errorf("%s: %s exists outside the sandbox", c.reason, c.path)
			}
		}
		res := run(t, cfg, helper(t), "create", filepath.Join(cfg.Dir, "inside"))
		if _, err := os.Stat(filepath.Join(cfg.Dir, "inside")); err != nil || res.ExitCode != 0 {
			t.Errorf("writing into Dir failed: exit %d, %v", res.ExitCode, err)
		}
	})
}

func TestRunBwrapRefusalIsAnError(t *testing.T) {
	skipWithoutBwrap(t)
	cfg := config(t, mode{ModeBwrap, false})
	cfg.Hidden = []string{"/etc/hostname"} // a file: bwrap cannot mount a tmpfs over it
	res, err := Run(context.Background(), cfg, []string{"true"})
	if err == nil {
		t.Fatalf("bwrap refusing the mounts gave no error: %+v", res)
	}
	t.Logf("error: %v", err)
}
