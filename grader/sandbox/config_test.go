package sandbox

import (
	"os"
	"path/filepath"
	"slices"
	"testing"
)

func TestLookPathUsesTheCommandsPath(t *testing.T) {
	dir := t.TempDir()
	prog := filepath.Join(dir, "prog")
	if err := os.WriteFile(prog, []byte("#!/bin/sh\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "data"), nil, 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		reason string
		name   string
		env    []string
		want   string // "" for an error
	}{
		{"found in the command's PATH", "prog", []string{"PATH=/nonexistent:" + dir}, prog},
		{"not in the command's PATH, though the caller's may have it", "prog", []string{"PATH=/nonexistent"}, ""},
		{"a relative PATH entry is ignored", "prog", []string{"PATH=."}, ""},
		{"no PATH: the default one", "sh", nil, "/usr/local/bin/sh"},
		{"a path is taken as it is", prog, nil, prog},
		{"a file that is not executable", filepath.Join(dir, "data"), nil, ""},
	} {
		got, err := lookPath(c.name, c.env)
		if c.want == "" && err == nil {
			t.Errorf("%s: lookPath(%q) = %q, want an error", c.reason, c.name, got)
		}
		if c.want == "/usr/local/bin/sh" { // wherever sh is on the default PATH
			if err != nil || filepath.Base(got) != "sh" {
				t.Errorf("%s: lookPath(%q) = %q, %v", c.reason, c.name, got, err)
			}
			continue
		}
		if c.want != "" && (err != nil || got != c.want) {
			t.Errorf("%s: lookPath(%q) = %q, %v; want %q", c.reason, c.name, got, err, c.want)
		}
	}
}

func TestCommandEnvPointsHomeAtDir(t *testing.T) {
	got := commandEnv(Config{Dir: "/d", Env: []string{"HOME=/root", "A=1", "TMPDIR=/tmp", "PWD=/x"}})
	want := []string{"A=1", "HOME=/d", "TMPDIR=/d", "PWD=/d"}
	if !slices.Equal(got, want) {
		t.Errorf("commandEnv = %q, want %q", got, want)
	}
}
