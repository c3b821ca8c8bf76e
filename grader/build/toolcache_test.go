package build

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"testing"
	"time"

	"harnesslab/lab/gotool"
)

// TestCachedToolchainKeepsAndDrops: a prepared toolchain is kept, found again
// by the next run, and dropped when a file it depends on changed or a
// compiled package it names is gone.
func TestCachedToolchainKeepsAndDrops(t *testing.T) {
	base, err := lesson02()
	if err != nil {
		t.Fatal(err)
	}
	// Keep the go command's build cache where it is while the user's cache
	// folder moves to a temporary one.
	gocache, err := gotool.Output(context.Background(), gotool.Command{Args: []string{"env", "GOCACHE"}, Dir: base.lesson.Kit().Root})
	if err != nil {
		t.Fatal(err)
	}
	t.Setenv("GOCACHE", gocache)
	t.Setenv("XDG_CACHE_HOME", t.TempDir())
	l := base.lesson
	first, err := Cached(context.Background(), l)
	if err != nil {
		t.Fatal(err)
	}
	path := cachePath(l)
	again := load(l, path)
	if again == nil {
		t.Fatalf("the toolchain kept at %s was not found again", path)
	}
	if again.link != first.link || len(again.exports) != len(first.exports) || len(again.mainFiles) != len(first.mainFiles) {
		t.Errorf("the kept toolchain differs from the prepared one: link %s, %d packages, %d main files; want %s, %d, %d",
			again.link, len(again.exports), len(again.mainFiles), first.link, len(first.exports), len(first.mainFiles))
	}

	edit := func(reason string, change func(*cachedToolchain)) {
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		var c cachedToolchain
		if err := json.Unmarshal(data, &c); err != nil {
			t.Fatal(err)
		}
		change(&c)
		data, _ = json.Marshal(c)
		if err := os.WriteFile(path, data, 0o644); err != nil {
			t.Fatal(err)
		}
		if load(l, path) != nil {
			t.Errorf("%s: the kept toolchain was still used", reason)
		}
	}
	edit("a file of the kit changed since", func(c *cachedToolchain) {
		for p := range c.Inputs {
			c.Inputs[p] = "an older fingerprint"
			break
		}
	})
	first.save(path)
	edit("a compiled package is gone from the build cache", func(c *cachedToolchain) {
		for imp := range c.Exports {
			c.Exports[imp] = filepath.Join(t.TempDir(), "gone.a")
			break
		}
	})
	first.save(path)
	edit("the cache was written by another version", func(c *cachedToolchain) { c.Version++ })
	os.WriteFile(path, []byte("{not json"), 0o644)
	if load(l, path) != nil {
		t.Errorf("a cache file that is not JSON was used")
	}
}

// TestFingerprintSeesChanges: a folder's fingerprint changes when a file in
// it is added, removed, grows or is touched, and not otherwise.
func TestFingerprintSeesChanges(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "a.go")
	os.WriteFile(file, []byte("package a\n"), 0o644)
	before := fingerprint(dir)
	if fingerprint(dir) != before {
		t.Fatal("the fingerprint of an unchanged folder changed")
	}
	steps := []struct {
		reason string
		change func()
	}{
		{"a file grew", func() { os.WriteFile(file, []byte("package a\n\nvar X int\n"), 0o644) }},
		{"a file was touched", func() {
			later := time.Now().Add(time.Hour)
			os.Chtimes(file, later, later)
		}},
		{"a file was added", func() { os.WriteFile(filepath.Join(dir, "b.go"), []byte("package a\n"), 0o644) }},
		{"a file was removed", func() { os.Remove(file) }},
	}
	for _, s := range steps {
		was := fingerprint(dir)
		s.change()
		if fingerprint(dir) == was {
			t.Errorf("%s: the folder's fingerprint did not change", s.reason)
		}
	}
	if got := fingerprint(filepath.Join(dir, "nothing-here")); got != "missing" {
		t.Errorf("fingerprint(a missing path) = %q, want missing", got)
	}
}
