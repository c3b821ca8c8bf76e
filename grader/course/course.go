package course

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"sort"
)

// Lesson is one lesson's generated student files.
type Lesson struct {
	Slug      string            // "05-the-contract"
	Files     []string          // its student files, in lesson.json's order
	Starter   map[string][]byte // file name to the starter's text
	Solution  map[string][]byte // file name to the reference solution's text
	Source    map[string]string // file name to its source in solutions/, when the lesson has one
	NewFiles  map[string]bool   // the files this lesson brings (not in the lesson before)
	SourceDir string            // solutions/<slug>
}

// Course is the whole chain, generated.
type Course struct {
	Root    string    // the kit's folder
	Lessons []*Lesson // in order
}

// Generate reads the source of every lesson under root (lessons/NN-slug/
// lesson.json for the student files, solutions/NN-slug for what each lesson
// adds) and computes each lesson's starter and solution.
func Generate(root string) (*Course, error) {
	dirs, err := filepath.Glob(filepath.Join(root, "lessons", "[0-9][0-9]-*", "lesson.json"))
	if err != nil {
		return nil, fmt.Errorf("list lessons: %w", err)
	}
	sort.Strings(dirs)
	c := &Course{Root: root}
	prev := map[string][]byte{} // file name to the last lesson's solution
	for _, lj := range dirs {
		slug := filepath.Base(filepath.Dir(lj))
		l, err := generateLesson(root, slug, lj, prev)
		if err != nil {
			return nil, err
		}
		c.Lessons = append(c.Lessons, l)
		for name, text := range l.Solution {
			prev[name] = text
		}
	}
	return c, nil
}

func generateLesson(root, slug, lessonJSON string, prev map[string][]byte) (*Lesson, error) {
	data, err := os.ReadFile(lessonJSON)
	if err != nil {
		return nil, fmt.Errorf("read lesson %s: %w", slug, err)
	}
	var meta struct {
		StudentFiles []string `json:"student_files"`
	}
	if err := json.Unmarshal(data, &meta); err != nil {
		return nil, fmt.Errorf("read %s: %w", lessonJSON, err)
	}
	l := &Lesson{
		Slug: slug, Files: meta.StudentFiles,
		Starter: map[string][]byte{}, Solution: map[string][]byte{}, Source: map[string]string{}, NewFiles: map[string]bool{},
		SourceDir: filepath.Join(root, "solutions", slug),
	}
	for _, name := range meta.StudentFiles {
		path := filepath.Join(l.SourceDir, name)
		src, err := os.ReadFile(path)
		if err != nil && !os.IsNotExist(err) {
			return nil, fmt.Errorf("read the source of lesson %s: %w", slug, err)
		}
		base, had := prev[name]
		var full []byte
		switch {
		case err == nil && !had:
			full, l.NewFiles[name] = src, true
		case err == nil:
			if full, err = Apply(path, StripGaps(base), src); err != nil {
				return nil, fmt.Errorf("lesson %s: %w", slug, err)
			}
		case had:
			full = StripGaps(base)
		default:
			return nil, fmt.Errorf("lesson %s: %s has no source: write it in %s (it is a new file: no earlier lesson has it)", slug, name, path)
		}
		if err == nil {
			l.Source[name] = path
		}
		l.Starter[name], l.Solution[name] = StarterForm(full), SolutionForm(full)
	}
	return l, nil
}

// Lesson returns the lesson with the given slug, or nil.
func (c *Course) Lesson(slug string) *Lesson {
	for _, l := range c.Lessons {
		if l.Slug == slug {
			return l
		}
	}
	return nil
}

// LessonFile is the path of a lesson's student file in the kit, relative to
// the kit's folder: lessons/<slug>/<name>.
func LessonFile(slug, name string) string { return filepath.Join("lessons", slug, name) }

// Stale returns the student files in the lesson folders (as LessonFile
// paths) that differ from the starters generated here, or are missing.
func (c *Course) Stale() ([]string, error) {
	var out []string
	for _, l := range c.Lessons {
		for _, name := range l.Files {
			rel := LessonFile(l.Slug, name)
			data, err := os.ReadFile(filepath.Join(c.Root, rel))
			if err != nil && !os.IsNotExist(err) {
				return nil, fmt.Errorf("read %s: %w", rel, err)
			}
			if err != nil || string(data) != string(l.Starter[name]) {
				out = append(out, rel)
			}
		}
	}
	return out, nil
}

// Write writes the generated starter of each of the given student files
// (LessonFile paths) into its lesson folder.
func (c *Course) Write(files []string) error {
	for _, rel := range files {
		slug, name := filepath.Base(filepath.Dir(rel)), filepath.Base(rel)
		l := c.Lesson(slug)
		if l == nil || l.Starter[name] == nil {
			return fmt.Errorf("write %s: the course generates no such file", rel)
		}
		if err := os.WriteFile(filepath.Join(c.Root, rel), l.Starter[name], 0o644); err != nil {
			return fmt.Errorf("write %s: %w", rel, err)
		}
	}
	return nil
}
