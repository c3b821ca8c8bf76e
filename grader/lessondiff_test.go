package grader

import (
	"slices"
	"testing"
)

// TestDiffLessons: lesson 02's starter against lesson 01's solution names
// the new gaps, what was filled in, given, changed and gone; a file new in
// lesson 02 is all new.
func TestDiffLessons(t *testing.T) {
	gap := func(name string) string {
		return "func " + name + "() int {\n\t// --- your code ---\n\treturn 1\n\t// --- starter ---\n\tpanic(\"" + name + ": not written yet\")\n\t// --- end ---\n}\n"
	}
	kit, l1 := fakeKit(t, map[string]string{
		"lessons/02-next/lesson.json":  `{"number": "02", "title": "Next", "package": "harness", "student_files": ["harness.go", "tools.go"]}`,
		"solutions/01-fake/harness.go": "package harness\n\n" + gap("Old") + "\nfunc Same() int { return 2 }\n\nfunc Edited() int { return 3 }\n\nfunc Dropped() {}\n",
		// lesson 02 changes harness.go: a patch of what it adds, changes and removes
		"solutions/02-next/harness.go": "package harness\n//course:remove Dropped\n\nfunc Edited() int { return 4 }\n\ntype Given struct{}\n\n" + gap("Fresh"),
		"solutions/02-next/tools.go":   "package harness\n\n" + gap("Tool") + "\nfunc (g *Given) Help() {}\n",
	})
	l2, err := kit.Lesson("02")
	if err != nil {
		t.Fatal(err)
	}
	changes, err := DiffLessons(l1, l2)
	if err != nil {
		t.Fatal(err)
	}
	if len(changes) != 2 {
		t.Fatalf("got %d files, want harness.go and tools.go", len(changes))
	}
	h, tools := changes[0], changes[1]
	names := func(ds []Decl) []string {
		var out []string
		for _, d := range ds {
			out = append(out, d.Name)
		}
		return out
	}
	for _, tt := range []struct {
		why       string
		got, want []string
	}{
		{"the new gap", names(h.Gaps), []string{"Fresh"}},
		{"lesson 01's gap, written out", h.Filled, []string{"Old"}},
		{"a new type, given whole", h.Added, []string{"Given"}},
		{"a function written differently", h.Changed, []string{"Edited"}},
		{"a function gone", h.Removed, []string{"Dropped"}},
		{"the new file's gap", names(tools.Gaps), []string{"Tool"}},
		{"the new file's method, named with its receiver", tools.Added, []string{"(*Given).Help"}},
	} {
		if !slices.Equal(tt.got, tt.want) {
			t.Errorf("%s: got %v, want %v", tt.why, tt.got, tt.want)
		}
	}
	if h.New || !tools.New {
		t.Errorf("harness.go is not new (New=%v); tools.go is (New=%v)", h.New, tools.New)
	}
	if h.Gaps[0].Line != 13 {
		t.Errorf("Fresh is on line 13 of the starter; got %d", h.Gaps[0].Line)
	}
}
