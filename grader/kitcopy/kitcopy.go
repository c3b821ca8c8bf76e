// Package kitcopy copies the kit for tests that work in a student's clone,
// lesson folders and all, without touching the kit's own.
//
// A copy always starts as a fresh clone does: each lesson's student files
// are the pristine starters (Lesson.StarterFile), not whatever is in the
// lesson folders of the kit copied. So a test that checks, watches or packs
// a lesson in a copy stays green on a clone where a student has half-done
// lessons.
//
// Non-goals: copying a student's progress (.labrun), the variants and
// submissions in testdata/, or anything a test does not need to list,
// check, watch, reset, diff and pack lessons.
package kitcopy

import (
	"fmt"
	"os"
	"path/filepath"

	"harnesslab/grader"
)

// Parts are what a copy of the kit holds, relative to its root.
var Parts = []string{"go.mod", "go.sum", "lab", "lessons", "solutions", "grader"}

// Copy copies the kit at src to the new folder dst, then puts each lesson's
// pristine starter in place of its student files in the copy.
func Copy(src, dst string) error {
	for _, part := range Parts {
		if err := copyTree(src, dst, part); err != nil {
			return err
		}
	}
	return Pristine(src, dst)
}

// Pristine writes each lesson's pristine starter over its student files in
// the copy of the kit at dst, reading the lessons and their starters from
// the kit at src.
func Pristine(src, dst string) error {
	root, err := filepath.Abs(src)
	if err != nil {
		return fmt.Errorf("find the kit to copy: %w", err)
	}
	kit := &grader.Kit{Root: root} // src itself, whatever HARNESSLAB_ROOT says
	lessons, err := kit.Lessons()
	if err != nil {
		return fmt.Errorf("list the lessons of the kit to copy: %w", err)
	}
	for _, l := range lessons {
		for _, name := range l.StudentFiles {
			from, err := l.StarterFile(name)
			if err != nil {
				return err
			}
			rel, err := filepath.Rel(kit.Root, l.WorkFile(name))
			if err != nil {
				return fmt.Errorf("place lesson %s's %s in the copy: %w", l.Number, name, err)
			}
			if err := copyFile(from, filepath.Join(dst, rel)); err != nil {
				return fmt.Errorf("put lesson %s's pristine %s in the copy: %w", l.Number, name, err)
			}
		}
	}
	return nil
}

// copyTree copies the file or folder part of the kit at src to the same
// place under dst: folders and regular files, nothing else.
func copyTree(src, dst, part string) error {
	return filepath.WalkDir(filepath.Join(src, part), func(path string, d os.DirEntry, err error) error {
		if err != nil {
			return fmt.Errorf("copy the kit: %w", err)
		}
		rel, err := filepath.Rel(src, path)
		if err != nil {
			return fmt.Errorf("copy the kit: %w", err)
		}
		to := filepath.Join(dst, rel)
		if d.IsDir() {
			return os.MkdirAll(to, 0o755)
		}
		if !d.Type().IsRegular() {
			return nil
		}
		return copyFile(path, to)
	})
}

// copyFile copies the regular file from to the path to, making its folder.
func copyFile(from, to string) error {
	data, err := os.ReadFile(from)
	if err != nil {
		return err
	}
	if err := os.MkdirAll(filepath.Dir(to), 0o755); err != nil {
		return err
	}
	return os.WriteFile(to, data, 0o644)
}
