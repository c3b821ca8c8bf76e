package grader

import (
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
)

// Variant is a known version of a lesson's student files kept in
// testdata/variants/NN/NAME, with the outcome it must get.
type Variant struct {
	Name   string   // the folder name: passing, nocompile, wrong_cached_calls, ...
	Dir    string   // the folder holding the student files
	Reason string   // expect.txt's first comment line: the mistake it makes
	Status Status   // the status it must get
	Fails  []string // exactly the checks it must fail, sorted
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
	v := &Variant{Name: filepath.Base(dir), Dir: dir}
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
			v.Status = Status(strings.TrimSpace(value))
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
