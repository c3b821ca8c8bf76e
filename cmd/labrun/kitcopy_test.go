package main

import (
	"os"
	"path/filepath"
)

// kitParts are what a copy of the kit holds: what a student's clone needs
// to list, check, watch, reset, diff and pack lessons.
var kitParts = []string{"go.mod", "go.sum", "lab", "lessons", "solutions", "grader"}

// copyKit copies the kit at src to the new folder dst, so that a test can
// work in a student's clone, lesson folders and all, without touching the
// kit's own.
func copyKit(src, dst string) error {
	for _, part := range kitParts {
		err := filepath.WalkDir(filepath.Join(src, part), func(path string, d os.DirEntry, err error) error {
			if err != nil {
				return err
			}
			rel, err := filepath.Rel(src, path)
			if err != nil {
				return err
			}
			to := filepath.Join(dst, rel)
			if d.IsDir() {
				return os.MkdirAll(to, 0o755)
			}
			if !d.Type().IsRegular() {
				return nil
			}
			data, err := os.ReadFile(path)
			if err != nil {
				return err
			}
			if err := os.MkdirAll(filepath.Dir(to), 0o755); err != nil {
				return err
			}
			return os.WriteFile(to, data, 0o644)
		})
		if err != nil {
			return err
		}
	}
	return nil
}
