package grader

import (
	"fmt"
	"io"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"harnesslab/grader/gosource"
	"harnesslab/grader/results"
)

// Source says where the student files come from.
type Source struct {
	// Dir holds the lesson's student files. Empty means the lesson's own
	// folder, edited in place. Either way only the files lesson.json names
	// in student_files are taken, as grading takes them.
	Dir string
	// Shown is how messages name Dir, for example a submission's name when
	// Dir is a temporary copy. Empty names Dir as given.
	Shown string
}

// Locate finds the student files of src: it returns them as a map from each
// file's path in the kit to the file to read, and a map from the same path
// to the path to show the student. A folder that is not there, or lacks a
// student file, is a result saying so.
func (l *Lesson) Locate(src Source) (map[string]string, map[string]string, *results.Result) {
	files, shown := map[string]string{}, map[string]string{}
	inPlace := src.Dir == ""
	if inPlace {
		src.Dir = l.Dir
	}
	info, err := os.Stat(src.Dir)
	if err != nil || !info.IsDir() {
		return nil, nil, failure(results.StatusMissing, fmt.Sprintf("%s is not a folder; give the folder that holds your %s", src.Dir, strings.Join(l.StudentFiles, ", ")))
	}
	for _, name := range l.StudentFiles {
		p := filepath.Join(src.Dir, name)
		if _, err := os.Stat(p); err != nil {
			if inPlace {
				return nil, nil, failure(results.StatusMissing, fmt.Sprintf("%s is missing: lesson %s needs %s there (labrun reset %s puts the starter back)",
					ShownPath(p), l.Number, strings.Join(l.StudentFiles, ", "), l.Number))
			}
			return nil, nil, failure(results.StatusMissing, fmt.Sprintf("%s has no %s: lesson %s needs %s there (copy it from %s to start)",
				src.Dir, name, l.Number, strings.Join(l.StudentFiles, ", "), ShownPath(filepath.Join(l.Dir, name))))
		}
		abs, _ := filepath.Abs(p)
		kitPath := filepath.Join(l.Dir, name)
		files[kitPath] = abs
		shown[kitPath] = p
		switch {
		case src.Shown != "":
			shown[kitPath] = filepath.Join(src.Shown, name)
		case inPlace:
			shown[kitPath] = ShownPath(p)
		}
	}
	return files, shown, nil
}

// MaxSourceBytes is the largest student file the engine reads; intake
// refuses bigger ones with the same words.
const MaxSourceBytes = gosource.MaxBytes

// Rules returns what the lesson allows in its student files.
func (l *Lesson) Rules() gosource.Rules {
	return gosource.Rules{Lesson: l.Number, Package: l.Package, Imports: l.AllowedImports, Concurrency: l.Concurrency,
		GoCommand: l.GoCommand}
}

// CheckSources refuses the student files (as Locate found them) unless each stays inside the safe
// Go the lesson allows (see package gosource): text of a sane size, the
// lesson's package, allowed imports only, no directives, and no goroutines
// unless the lesson teaches them. The message lists the problems of every
// file, each with its file and line; the status is the first one's kind.
func (l *Lesson) CheckSources(files, shown map[string]string) *results.Result {
	rules := l.Rules()
	var problems []*gosource.Problem
	for _, kitPath := range slices.Sorted(maps.Keys(files)) {
		data, size, err := readSource(files[kitPath])
		if err != nil {
			return failure(results.StatusMissing, fmt.Sprintf("read %s: %v", shown[kitPath], err))
		}
		problems = append(problems, gosource.Check(shown[kitPath], data, size, rules)...)
	}
	if len(problems) == 0 {
		return nil
	}
	return failure(results.Status(problems[0].Kind), gosource.Summary(problems))
}

// readSource returns the first MaxSourceBytes+1 bytes of the file at path,
// and its size.
func readSource(path string) ([]byte, int64, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, 0, err
	}
	defer f.Close()
	info, err := f.Stat()
	if err != nil {
		return nil, 0, err
	}
	data, err := io.ReadAll(io.LimitReader(f, MaxSourceBytes+1))
	return data, max(info.Size(), int64(len(data))), err
}

func failure(status results.Status, msg string) *results.Result {
	return &results.Result{Status: status, Message: msg}
}

// ShownPath returns path relative to the working directory when it lies
// inside it, the way messages to a student name files; otherwise path.
func ShownPath(path string) string {
	wd, err := os.Getwd()
	if err != nil {
		return path
	}
	if rel, err := filepath.Rel(wd, path); err == nil && !strings.HasPrefix(rel, "..") {
		return rel
	}
	return path
}
