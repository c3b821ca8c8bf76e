package grader

import (
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"harnesslab/grader/course"
	"harnesslab/grader/results"
)

// Variant is a known version of a lesson's student files, with the outcome
// it must get. It is kept in testdata/variants/NN/NAME as a patch over the
// reference solution: each .go file there holds only the declarations the
// variant writes differently (see course.Apply), so a fix to the solution
// reaches every variant.
type Variant struct {
	Name   string         // the folder name: passing, nocompile, wrong_cached_calls, ...
	Patch  string         // the folder holding its patches and expect.txt
	Dir    string         // the folder holding its student files, whole (generated)
	Reason string         // expect.txt's first comment line: the mistake it makes
	Status results.Status // the status it must get
	Fails  []string       // exactly the checks it must fail, sorted
}

// Wrong reports whether the variant is a known-wrong version: the kind that
// proves a check can fail.
func (v *Variant) Wrong() bool { return strings.HasPrefix(v.Name, "wrong_") }

// VariantsDir returns the folder of the lesson's variants.
func (l *Lesson) VariantsDir() string {
	return filepath.Join(l.kit.Root, "testdata", "variants", l.Number)
}

// Variants returns the lesson's variants, sorted by name.
func (l *Lesson) Variants() ([]*Variant, error) {
	entries, err := os.ReadDir(l.VariantsDir())
	if os.IsNotExist(err) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("list variants of lesson %s: %w", l.Number, err)
	}
	var out []*Variant
	for _, e := range entries {
		if !e.IsDir() {
			continue
		}
		v, err := readVariant(filepath.Join(l.VariantsDir(), e.Name()))
		if err != nil {
			return nil, err
		}
		if v.Dir, err = l.writeVariant(v.Patch); err != nil {
			return nil, err
		}
		out = append(out, v)
	}
	return out, nil
}

func readVariant(dir string) (*Variant, error) {
	path := filepath.Join(dir, "expect.txt")
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("read variant: %w", err)
	}
	v := &Variant{Name: filepath.Base(dir), Patch: dir}
	for _, line := range strings.Split(string(data), "\n") {
		line = strings.TrimSpace(line)
		if text, ok := strings.CutPrefix(line, "#"); ok {
			if v.Reason == "" {
				v.Reason = strings.TrimSpace(text)
			}
			continue
		}
		key, value, _ := strings.Cut(line, ":")
		switch strings.TrimSpace(key) {
		case "status":
			v.Status = results.Status(strings.TrimSpace(value))
		case "fails":
			v.Fails = append(v.Fails, strings.Fields(value)...)
		case "":
		default:
			return nil, fmt.Errorf("%s: unknown line %q (want status:, fails: or a # comment)", path, line)
		}
	}
	if v.Status == "" {
		return nil, fmt.Errorf("%s: no status: line", path)
	}
	sort.Strings(v.Fails)
	return v, nil
}

// writeVariant writes the variant whose patches are in dir over the
// lesson's reference solution, and returns the folder of its whole files.
func (l *Lesson) writeVariant(dir string) (string, error) {
	c, err := l.kit.Course()
	if err != nil {
		return "", err
	}
	ref := c.Lesson(l.Slug)
	if ref == nil {
		return "", fmt.Errorf("variant %s: lesson %s is not in the generated course", dir, l.Slug)
	}
	files := map[string][]byte{}
	for _, name := range l.StudentFiles {
		files[name] = ref.Solution[name]
		patch, err := os.ReadFile(filepath.Join(dir, name))
		if os.IsNotExist(err) {
			continue
		}
		if err != nil {
			return "", fmt.Errorf("read variant: %w", err)
		}
		if files[name], err = course.Apply(filepath.Join(dir, name), ref.Solution[name], patch); err != nil {
			return "", fmt.Errorf("variant %s: %w", filepath.Base(dir), err)
		}
	}
	return writeOnce("variant-"+hashFiles(files), files)
}
