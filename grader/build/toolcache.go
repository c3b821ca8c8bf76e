package build

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"harnesslab/grader"
	"harnesslab/lab/gotool"
)

// toolchainCacheVersion changes whenever the cached form or what it depends
// on changes.
const toolchainCacheVersion = 1

// cachedToolchain is what Prepare found, as kept between runs of
// labrun check, with what it depends on.
type cachedToolchain struct {
	Version   int               `json:"version"`
	Compile   string            `json:"compile"`
	Link      string            `json:"link"`
	Lang      string            `json:"lang"`
	Exports   map[string]string `json:"exports"`
	MainFiles []string          `json:"main_files"`
	MainDeps  []string          `json:"main_deps"`
	Inputs    map[string]string `json:"inputs"` // folder or file to its fingerprint
}

// Cached returns the lesson's toolchain as an earlier run prepared
// it, when nothing it depends on has changed since, or prepares it and keeps
// it for the next run. What it depends on: the kit's go.mod and go.sum; the
// files of every kit and module package it compiled (names, sizes and
// modification times); the go command and the tools; the environment that
// steers builds. The compiled packages themselves live in the go command's
// build cache under names that are hashes of their inputs: each must still
// be there. labrun check uses it, so that a student's check does not pay for
// the go command's loading of the module every time; a grading run prepares
// its toolchain afresh.
func Cached(ctx context.Context, l *grader.Lesson) (*Toolchain, error) {
	path := cachePath(l)
	if t := load(l, path); t != nil {
		return t, nil
	}
	t, err := Prepare(ctx, l)
	if err != nil {
		return nil, err
	}
	if path != "" {
		t.save(path) // a cache that cannot be written costs time, not correctness
		t.useMainCache(mainCacheDir(path))
	}
	return t, nil
}

// cachePath is where the toolchain of l is kept: a name that hashes
// everything the toolchain depends on that is not a file.
func cachePath(l *grader.Lesson) string {
	dir, err := os.UserCacheDir()
	if err != nil {
		return ""
	}
	h := sha256.New()
	fmt.Fprintf(h, "version %d\nroot %s\nlesson %s\nrace %v\nallowed %q\n", toolchainCacheVersion, l.Kit().Root, l.Number, l.Concurrency, l.AllowedImports)
	gobin := gotool.Path()
	fmt.Fprintf(h, "go %s %s\n", gobin, fingerprint(gobin))
	for _, kv := range os.Environ() {
		if name, _, _ := strings.Cut(kv, "="); strings.HasPrefix(name, "GO") || strings.HasPrefix(name, "CGO_") {
			fmt.Fprintf(h, "env %s\n", kv)
		}
	}
	return filepath.Join(dir, "harnesslab", "toolchain-"+hex.EncodeToString(h.Sum(nil))[:24]+".json")
}

// load returns the toolchain kept at path, or nil when there is
// none or anything it depends on has changed.
func load(l *grader.Lesson, path string) *Toolchain {
	if path == "" {
		return nil
	}
	data, err := os.ReadFile(path)
	if err != nil {
		return nil
	}
	var c cachedToolchain
	if json.Unmarshal(data, &c) != nil || c.Version != toolchainCacheVersion || len(c.Inputs) == 0 {
		return nil
	}
	if !unchanged(c.Inputs) {
		return nil
	}
	for _, file := range c.Exports {
		if _, err := os.Stat(file); err != nil {
			return nil // the go command trimmed its build cache
		}
	}
	t := &Toolchain{lesson: l, compile: c.Compile, link: c.Link, lang: c.Lang, race: l.Concurrency,
		exports: c.Exports, mainFiles: c.MainFiles, mainDeps: c.MainDeps}
	t.useMainCache(mainCacheDir(path))
	return t
}

// mainCacheDir is where the compiled mains of the toolchain kept at path
// are kept.
func mainCacheDir(path string) string {
	return strings.TrimSuffix(path, ".json") + "-mains"
}

// save keeps t at path, whole or not at all.
func (t *Toolchain) save(path string) error {
	c := cachedToolchain{Version: toolchainCacheVersion, Compile: t.compile, Link: t.link, Lang: t.lang,
		Exports: t.exports, MainFiles: t.mainFiles, MainDeps: t.mainDeps, Inputs: map[string]string{}}
	root := t.lesson.Kit().Root
	deps := append([]string{filepath.Join(root, "go.mod"), filepath.Join(root, "go.sum"),
		t.lesson.ChecksDir(), t.compile, t.link}, t.inputs...)
	for _, p := range deps {
		c.Inputs[p] = fingerprint(p)
	}
	data, err := json.Marshal(c)
	if err != nil {
		return err
	}
	return writeWhole(path, data)
}

// writeWhole writes data to path, making its folder, whole or not at all:
// another labrun reading path meanwhile sees the old file or the new one.
func writeWhole(path string, data []byte) error {
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	tmp, err := os.CreateTemp(filepath.Dir(path), ".part-*")
	if err != nil {
		return err
	}
	defer os.Remove(tmp.Name())
	if _, err := tmp.Write(data); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Close(); err != nil {
		return err
	}
	return os.Rename(tmp.Name(), path)
}

// unchanged reports whether every input still has the fingerprint it was
// kept with.
func unchanged(inputs map[string]string) bool {
	for p, want := range inputs {
		if fingerprint(p) != want {
			return false
		}
	}
	return true
}

// fingerprint describes a file, or a folder and the files in it, by name,
// size and modification time: an edit, a new file or a removed one changes
// it. A path that cannot be read has the fingerprint "missing".
func fingerprint(path string) string {
	info, err := os.Stat(path)
	if err != nil {
		return "missing"
	}
	stamp := func(fi os.FileInfo) string {
		return fmt.Sprintf("%s %d %d", fi.Name(), fi.Size(), fi.ModTime().UnixNano())
	}
	if !info.IsDir() {
		return stamp(info)
	}
	entries, err := os.ReadDir(path)
	if err != nil {
		return "missing"
	}
	parts := []string{stamp(info)}
	for _, e := range entries {
		if fi, err := e.Info(); err == nil && !fi.IsDir() {
			parts = append(parts, stamp(fi))
		}
	}
	slices.Sort(parts[1:])
	sum := sha256.Sum256([]byte(strings.Join(parts, "\n")))
	return hex.EncodeToString(sum[:16])
}
