package grader

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
)

// ModulePath is the module path of the kit.
const ModulePath = "harnesslab"

// Kit is a checkout of harnesslab: the lessons, their solutions and checks.
type Kit struct {
	Root string // the folder holding go.mod

	gen generated // the lesson chain, generated from solutions/ when first asked for
}

// FindKit returns the kit that holds dir, looking in dir and its parents for
// the go.mod of module harnesslab. HARNESSLAB_ROOT, when set, wins.
func FindKit(dir string) (*Kit, error) {
	if root := os.Getenv("HARNESSLAB_ROOT"); root != "" {
		if !isKitRoot(root) {
			return nil, fmt.Errorf("HARNESSLAB_ROOT=%s is not a harnesslab checkout (no go.mod for module %s there)", root, ModulePath)
		}
		return newKit(root)
	}
	abs, err := filepath.Abs(dir)
	if err != nil {
		return nil, fmt.Errorf("find the kit: %w", err)
	}
	for d := abs; ; d = filepath.Dir(d) {
		if isKitRoot(d) {
			return newKit(d)
		}
		if filepath.Dir(d) == d {
			return nil, fmt.Errorf("find the kit: %s is not inside a harnesslab checkout; run labrun from the folder you cloned (or set HARNESSLAB_ROOT)", abs)
		}
	}
}

func newKit(root string) (*Kit, error) {
	abs, err := filepath.Abs(root)
	if err != nil {
		return nil, fmt.Errorf("find the kit: %w", err)
	}
	return &Kit{Root: abs}, nil
}

func isKitRoot(dir string) bool {
	data, err := os.ReadFile(filepath.Join(dir, "go.mod"))
	if err != nil {
		return false
	}
	first, _, _ := bytes.Cut(data, []byte("\n"))
	return strings.TrimSpace(string(first)) == "module "+ModulePath
}

// Lessons returns every lesson of the kit, in order.
func (k *Kit) Lessons() ([]*Lesson, error) {
	dirs, err := k.lessonDirs()
	if err != nil {
		return nil, err
	}
	var lessons []*Lesson
	for _, name := range dirs {
		l, err := k.loadLesson(name)
		if err != nil {
			return nil, err
		}
		lessons = append(lessons, l)
	}
	return lessons, nil
}

// lessonDirs returns the names of the lesson folders under lessons/, in
// order: those named NN-slug that hold a lesson.json (a folder without one
// is a lesson still being written).
func (k *Kit) lessonDirs() ([]string, error) {
	entries, err := os.ReadDir(filepath.Join(k.Root, "lessons"))
	if err != nil {
		return nil, fmt.Errorf("list lessons: %w", err)
	}
	var dirs []string
	for _, e := range entries {
		if !e.IsDir() || !isLessonDir(e.Name()) {
			continue
		}
		if _, err := os.Stat(filepath.Join(k.Root, "lessons", e.Name(), "lesson.json")); err == nil {
			dirs = append(dirs, e.Name())
		}
	}
	sort.Strings(dirs)
	return dirs, nil
}

// LessonNumbers returns the numbers of the kit's lessons, in order, from
// their folders' names alone: far cheaper than Lessons, which reads every
// lesson's checks.
func (k *Kit) LessonNumbers() ([]string, error) {
	dirs, err := k.lessonDirs()
	for i, d := range dirs {
		dirs[i] = d[:2]
	}
	return dirs, err
}

func isLessonDir(name string) bool {
	return len(name) > 3 && name[0] >= '0' && name[0] <= '9' && name[1] >= '0' && name[1] <= '9' && name[2] == '-'
}

// ErrNoLesson is returned for a lesson number the kit does not have.
var ErrNoLesson = errors.New("no such lesson")

// Lesson returns the lesson numbered number ("2" and "02" both work). For a
// number the kit does not have, the error lists the lessons there are.
func (k *Kit) Lesson(number string) (*Lesson, error) {
	want := number
	if len(want) == 1 {
		want = "0" + want
	}
	// Load only the lesson asked for: loading every lesson reads every
	// check script of the kit.
	if dirs, err := k.lessonDirs(); err == nil {
		for _, d := range dirs {
			if strings.HasPrefix(d, want+"-") {
				return k.loadLesson(d)
			}
		}
	}
	lessons, err := k.Lessons()
	if err != nil {
		return nil, err
	}
	var have []string
	for _, l := range lessons {
		if l.Number == want {
			return l, nil
		}
		have = append(have, l.Number+" "+l.Title)
	}
	return nil, fmt.Errorf("%w %q; the lessons are:\n  %s", ErrNoLesson, number, strings.Join(have, "\n  "))
}
