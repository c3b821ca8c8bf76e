package grader

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
)

// StarterDir returns the folder of the lesson's pristine starter: the
// student files as a student first gets them, generated from the chain's
// source in solutions/ (see package course). The student edits the lesson
// folder in place; this copy stays as it was, so the kit can prove itself,
// reset a lesson and show what a lesson adds, whatever the student has
// written.
func (l *Lesson) StarterDir() (string, error) { return l.kit.generatedDir("starters", l.Slug) }

// StarterFile returns the path of the pristine copy of the student file
// name.
func (l *Lesson) StarterFile(name string) (string, error) {
	dir, err := l.StarterDir()
	if err != nil {
		return "", err
	}
	p := filepath.Join(dir, name)
	if _, err := os.Stat(p); err != nil {
		return "", fmt.Errorf("lesson %s has no starter for %s: is it in student_files of lessons/%s/lesson.json, with its source in solutions/? (%v)", l.Number, name, l.Slug, err)
	}
	return p, nil
}

// WorkFile returns the path of the student file name in the lesson's own
// folder, where a student edits it.
func (l *Lesson) WorkFile(name string) string { return filepath.Join(l.Dir, name) }

// IgnoredFiles returns the names of the .go files in dir that are not among
// the lesson's student files, sorted. Checking and grading build only the
// student files, so these are left out of both: a function in util.go is
// not seen.
func (l *Lesson) IgnoredFiles(dir string) []string {
	names, _ := filepath.Glob(filepath.Join(dir, "*.go"))
	var out []string
	for _, n := range names {
		base := filepath.Base(n)
		if !slices.Contains(l.StudentFiles, base) {
			out = append(out, base)
		}
	}
	slices.Sort(out)
	return out
}

// WorkHash returns a hash of the student files in the lesson's own folder,
// so that a status kept from an earlier check can tell whether it is still
// about the code there now. A missing file hashes as missing.
func (l *Lesson) WorkHash() string {
	h := sha256.New()
	for _, name := range l.StudentFiles {
		fmt.Fprintf(h, "%s\n", name)
		f, err := os.Open(l.WorkFile(name))
		if err != nil {
			fmt.Fprintf(h, "missing\n")
			continue
		}
		io.Copy(h, f)
		f.Close()
		fmt.Fprintf(h, "\n")
	}
	return hex.EncodeToString(h.Sum(nil))[:16]
}

// SameAsStarter reports whether the student file name in the lesson folder
// is still byte for byte the pristine starter.
func (l *Lesson) SameAsStarter(name string) (bool, error) {
	starter, err := l.StarterFile(name)
	if err != nil {
		return false, err
	}
	a, err := os.ReadFile(starter)
	if err != nil {
		return false, fmt.Errorf("read the pristine starter: %w", err)
	}
	b, err := os.ReadFile(l.WorkFile(name))
	if err != nil {
		return false, nil
	}
	return string(a) == string(b), nil
}

// IgnoredNote is what a student reads when the folder checked holds the .go
// files ignored (from IgnoredFiles), which checking and grading leave out.
func (l *Lesson) IgnoredNote(ignored []string) string {
	return fmt.Sprintf("not checked: %s. Checking and grading take only %s from the folder; put that code in %s.",
		strings.Join(ignored, ", "), strings.Join(l.StudentFiles, ", "), l.StudentFiles[0])
}
