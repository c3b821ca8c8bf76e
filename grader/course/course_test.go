package course

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

const base = `// Package harness is a test.
package harness

import "fmt"

// A says hello.
func A() { fmt.Println("a") }

// B is kept.
func B() {}

func (t *T) M() {}

type T struct{}
`

// TestApply: each rule of a patch, on one small file.
func TestApply(t *testing.T) {
	for _, tc := range []struct {
		why, patch, want string
	}{
		{"a declaration replaces its namesake where it stands, comments and all",
			"package harness\n\n// A says bye.\nfunc A() { fmt.Println(\"bye\") }\n",
			strings.Replace(base, "// A says hello.\nfunc A() { fmt.Println(\"a\") }", "// A says bye.\nfunc A() { fmt.Println(\"bye\") }", 1)},
		{"a new declaration lands after the one before it in the patch",
			"package harness\n\n// B is kept.\nfunc B() {}\n\nfunc C() {}\n",
			strings.Replace(base, "func B() {}\n", "func B() {}\n\nfunc C() {}\n", 1)},
		{"a new declaration first in the patch lands after the imports",
			"package harness\n\nvar v = 1\n",
			strings.Replace(base, "import \"fmt\"\n", "import \"fmt\"\n\nvar v = 1\n", 1)},
		{"a method is named with its receiver",
			"package harness\n\nfunc (t *T) M() { _ = t }\n",
			strings.Replace(base, "func (t *T) M() {}", "func (t *T) M() { _ = t }", 1)},
		{"a package doc replaces the file's",
			"// Package harness is new.\npackage harness\n",
			strings.Replace(base, "// Package harness is a test.", "// Package harness is new.", 1)},
		{"a remove line takes declarations out",
			"package harness\n//course:remove B (*T).M\n",
			strings.Replace(strings.Replace(base, "\n// B is kept.\nfunc B() {}\n", "", 1), "\nfunc (t *T) M() {}\n", "", 1)},
		{"a patch naming every declaration is the whole file, in its order",
			"package harness\n\nimport \"fmt\"\n\ntype T struct{}\n\nfunc (t *T) M() {}\n\nfunc B() {}\n\nfunc A() { fmt.Println() }\n",
			"package harness\n\nimport \"fmt\"\n\ntype T struct{}\n\nfunc (t *T) M() {}\n\nfunc B() {}\n\nfunc A() { fmt.Println() }\n"},
	} {
		got, err := Apply("x.go", []byte(base), []byte(tc.patch))
		if err != nil {
			t.Errorf("%s: %v", tc.why, err)
			continue
		}
		if diff := cmp.Diff(tc.want, string(got)); diff != "" {
			t.Errorf("%s: (-want +got)\n%s", tc.why, diff)
		}
		// Diff finds a patch that gives the same file back.
		p, err := Diff("x.go", []byte(base), got)
		if err != nil {
			t.Fatal(err)
		}
		if again, err := Apply("x.go", []byte(base), p); err != nil || string(again) != string(got) {
			t.Errorf("%s: Diff's patch does not give the file back (%v):\n%s", tc.why, err, p)
		}
	}
}

// TestApplyRefuses: a patch of another package, or one that removes what
// is not there, is an error that names the file.
func TestApplyRefuses(t *testing.T) {
	for _, patch := range []string{"package other\n", "package harness\n//course:remove Nope\n", "package harness\nfunc {\n"} {
		if _, err := Apply("x.go", []byte(base), []byte(patch)); err == nil || !strings.Contains(err.Error(), "x.go") {
			t.Errorf("Apply(%q) = %v; want an error naming x.go", patch, err)
		}
	}
}

// TestGapForms: a gap in the source holds both texts; each form keeps one,
// and StripGaps drops the markers.
func TestGapForms(t *testing.T) {
	src := "func F() int {\n\t// --- your code ---\n\treturn 1\n\t// --- starter ---\n\tpanic(\"F: not written yet\")\n\t// --- end ---\n}\n"
	starter := "func F() int {\n\t// --- your code ---\n\tpanic(\"F: not written yet\")\n\t// --- end ---\n}\n"
	solution := "func F() int {\n\t// --- your code ---\n\treturn 1\n\t// --- end ---\n}\n"
	if got := string(StarterForm([]byte(src))); got != starter {
		t.Errorf("StarterForm:\n%s\nwant:\n%s", got, starter)
	}
	if got := string(SolutionForm([]byte(src))); got != solution {
		t.Errorf("SolutionForm:\n%s\nwant:\n%s", got, solution)
	}
	if got, want := string(StripGaps([]byte(solution))), "func F() int {\n\treturn 1\n}\n"; got != want {
		t.Errorf("StripGaps:\n%s\nwant:\n%s", got, want)
	}
}

// TestGenerateTheKit: the kit's own chain generates; every lesson's earlier
// files are the lesson before's solution plus that lesson's patch, and each
// patch in solutions/ is the smallest one (Diff gives it back).
func TestGenerateTheKit(t *testing.T) {
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	c, err := Generate(root)
	if err != nil {
		t.Fatal(err)
	}
	if len(c.Lessons) < 2 {
		t.Fatalf("generated %d lessons; want the kit's", len(c.Lessons))
	}
	for i, l := range c.Lessons[1:] {
		prev := c.Lessons[i]
		for name, path := range l.Source {
			if l.NewFiles[name] {
				continue
			}
			src, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			full, err := Apply(path, StripGaps(prev.Solution[name]), src)
			if err != nil {
				t.Fatal(err)
			}
			p, err := Diff(path, StripGaps(prev.Solution[name]), full)
			if err != nil {
				t.Fatal(err)
			}
			if string(p) != string(src) {
				t.Errorf("%s holds more than lesson %s changes; the smallest patch is:\n%s", path, l.Slug, p)
			}
		}
		if !hasGaps(joinStarters(l)) {
			t.Errorf("lesson %s's starter has no gap", l.Slug)
		}
	}
}

func joinStarters(l *Lesson) []byte {
	var out []byte
	for _, name := range l.Files {
		out = append(out, l.Starter[name]...)
	}
	return out
}
