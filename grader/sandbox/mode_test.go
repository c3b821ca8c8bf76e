//go:build linux

package sandbox

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestModeIsCachedAndReported(t *testing.T) {
	mode1, warning1 := Mode()
	mode2, warning2 := Mode()
	if mode1 != mode2 || warning1 != warning2 {
		t.Errorf("Mode changed between calls: %q/%q then %q/%q", mode1, warning1, mode2, warning2)
	}
	switch mode1 {
	case ModeBwrap:
		if warning1 != "" {
			t.Errorf("mode bwrap with a warning: %q", warning1)
		}
	case ModeRlimit:
		if !strings.Contains(warning1, "not") && !strings.Contains(warning1, "every file") {
			t.Errorf("fallback warning %q does not say what is not isolated", warning1)
		}
	default:
		t.Errorf("Mode() = %q, want bwrap or rlimit on Linux", mode1)
	}
	t.Logf("measured here: mode %s (uid %d) %s", mode1, os.Getuid(), warning1)
}

func TestDetectWithoutBwrapFallsBack(t *testing.T) {
	t.Setenv("PATH", t.TempDir()) // no bwrap there
	m := detect()
	if m.mode != ModeRlimit || !strings.Contains(m.warning, "bwrap was not found") || !strings.Contains(m.warning, "every file") {
		t.Errorf("detect() without bwrap = %+v, want the fallback with a warning saying why and what is not isolated", m)
	}
	t.Logf("the warning: %s", m.warning)
}

func TestDetectWithBrokenBwrapFallsBack(t *testing.T) {
	dir := t.TempDir()
	fake := "#!/bin/sh\necho 'bwrap: No permissions to create new namespace' >&2\nexit 1\n"
	if err := os.WriteFile(filepath.Join(dir, "bwrap"), []byte(fake), 0o755); err != nil {
		t.Fatal(err)
	}
	t.Setenv("PATH", dir+":/usr/bin:/bin") // a bwrap that fails, as in a container without the capabilities
	m := detect()
	if m.mode != ModeRlimit || !strings.Contains(m.warning, "No permissions to create new namespace") {
		t.Errorf("detect() with a failing bwrap = %+v, want the fallback, with bwrap's reason in the warning", m)
	}
	t.Logf("the warning: %s", m.warning)
}
