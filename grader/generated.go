package grader

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"sync"

	"harnesslab/grader/course"
)

// generated is the course chain computed from its source (package course)
// and written out once, so that everything that builds a starter, a
// solution or a variant reads an ordinary folder.
type generated struct {
	once   sync.Once
	course *course.Course
	dir    string // <cache>/harnesslab/course-<hash>
	err    error
}

// Course returns the lesson chain generated from its source in solutions/.
func (k *Kit) Course() (*course.Course, error) {
	k.generate()
	return k.gen.course, k.gen.err
}

// generate computes the chain and writes each lesson's starter and solution
// under a folder named for their hash, unless an earlier run already has.
func (k *Kit) generate() {
	k.gen.once.Do(func() {
		c, err := course.Generate(k.Root)
		if err != nil {
			k.gen.err = fmt.Errorf("generate the lessons from solutions/: %w", err)
			return
		}
		k.gen.course = c
		files := map[string][]byte{}
		for _, l := range c.Lessons {
			for _, name := range l.Files {
				files[filepath.Join("starters", l.Slug, name)] = l.Starter[name]
				files[filepath.Join("solutions", l.Slug, name)] = l.Solution[name]
			}
		}
		k.gen.dir, k.gen.err = writeOnce("course-"+hashFiles(files), files)
	})
}

// generatedDir returns the folder that holds kind ("starters" or
// "solutions") of the lesson with the given slug.
func (k *Kit) generatedDir(kind, slug string) (string, error) {
	k.generate()
	if k.gen.err != nil {
		return "", k.gen.err
	}
	return filepath.Join(k.gen.dir, kind, slug), nil
}

// writeOnce writes files (relative path to text) under a folder called name
// in the user's cache (or the temporary folder), unless it is there already,
// and returns the folder. The folder is written whole under another name
// and then renamed, so a reader never sees half of it.
func writeOnce(name string, files map[string][]byte) (string, error) {
	base, err := os.UserCacheDir()
	if err != nil {
		base = os.TempDir()
	}
	base = filepath.Join(base, "harnesslab")
	dir := filepath.Join(base, name)
	if _, err := os.Stat(dir); err == nil {
		return dir, nil
	}
	if err := os.MkdirAll(base, 0o755); err != nil {
		return "", fmt.Errorf("write the generated lessons: %w", err)
	}
	tmp, err := os.MkdirTemp(base, name+".tmp-")
	if err != nil {
		return "", fmt.Errorf("write the generated lessons: %w", err)
	}
	defer os.RemoveAll(tmp)
	for rel, text := range files {
		p := filepath.Join(tmp, rel)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			return "", fmt.Errorf("write the generated lessons: %w", err)
		}
		if err := os.WriteFile(p, text, 0o644); err != nil {
			return "", fmt.Errorf("write the generated lessons: %w", err)
		}
	}
	if err := os.Rename(tmp, dir); err != nil {
		if _, statErr := os.Stat(dir); statErr == nil {
			return dir, nil // another run wrote it first
		}
		return "", fmt.Errorf("write the generated lessons: %w", err)
	}
	return dir, nil
}

// hashFiles returns a short hash of files, for a folder name.
func hashFiles(files map[string][]byte) string {
	names := make([]string, 0, len(files))
	for n := range files {
		names = append(names, n)
	}
	sort.Strings(names)
	h := sha256.New()
	for _, n := range names {
		fmt.Fprintf(h, "%s %d\n", n, len(files[n]))
		h.Write(files[n])
	}
	return hex.EncodeToString(h.Sum(nil))[:16]
}
