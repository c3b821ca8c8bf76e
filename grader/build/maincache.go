package build

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"time"

	"harnesslab/grader"
)

// The check program's main package is compiled against the export data of
// the student's package: the declarations other packages can see, with
// their positions (the student's package is compiled without inlining, so
// it holds no function bodies). An edit inside a function that keeps its
// number of lines, or any edit below the last exported declaration, leaves
// that export data byte for byte the same, and then so is the compiled main. labrun check keeps the last few compiled
// mains of a lesson in the user's cache folder, under a hash of the export
// data and of everything else the compile reads, and links a kept one
// instead of compiling main again (lesson 02: a compile of about 56 ms, a
// tenth of a check). A grading run keeps none: its submissions are other
// people's, and its cache would be theirs to write.

// mainsKept is how many compiled mains labrun check keeps per lesson.
const mainsKept = 8

// useMainCache makes t keep compiled mains in dir.
func (t *Toolchain) useMainCache(dir string) {
	h := sha256.New()
	fmt.Fprintf(h, "compile %s %s\nflags %q\n", t.compile, fingerprint(t.compile), t.compileFlags("", "main", t.lesson.Kit().Root+"=>"+grader.ModulePath))
	for _, f := range t.mainFiles {
		data, err := os.ReadFile(f)
		if err != nil {
			return // no cache: main is compiled every time
		}
		fmt.Fprintf(h, "file %s %x\n", f, sha256.Sum256(data))
	}
	for _, imp := range t.mainDeps {
		fmt.Fprintf(h, "dep %s=%s\n", imp, t.exports[imp]) // compiled packages are named by a hash of their inputs
	}
	t.mainCache, t.mainID = dir, hex.EncodeToString(h.Sum(nil))
}

// keptMain returns the kept main compiled against the student export data
// in student, or "" with the path to keep one at.
func (t *Toolchain) keptMain(student string) (kept, keepAt string) {
	if t.mainCache == "" {
		return "", ""
	}
	f, err := os.Open(student)
	if err != nil {
		return "", ""
	}
	defer f.Close()
	h := sha256.New()
	fmt.Fprintf(h, "%s\n", t.mainID)
	if _, err := io.Copy(h, f); err != nil {
		return "", ""
	}
	path := filepath.Join(t.mainCache, hex.EncodeToString(h.Sum(nil))[:32]+".a")
	if _, err := os.Stat(path); err != nil {
		return "", path
	}
	now := time.Now()
	os.Chtimes(path, now, now) // the most recently used are kept
	return path, ""
}

// keepMain copies the compiled main to path, whole or not at all, and
// drops the least recently used beyond mainsKept. A cache that cannot be
// written costs time, not correctness.
func (t *Toolchain) keepMain(main, path string) {
	data, err := os.ReadFile(main)
	if err != nil || writeWhole(path, data) != nil {
		return
	}
	kept, _ := filepath.Glob(filepath.Join(filepath.Dir(path), "*.a"))
	if len(kept) <= mainsKept {
		return
	}
	age := map[string]time.Time{}
	for _, k := range kept {
		if info, err := os.Stat(k); err == nil {
			age[k] = info.ModTime()
		}
	}
	slices.SortFunc(kept, func(a, b string) int { return age[b].Compare(age[a]) })
	for _, k := range kept[mainsKept:] {
		os.Remove(k)
	}
}
