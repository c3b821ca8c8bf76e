package intake

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"harnesslab/grader/results"
)

// takeCase is one submission given to Take, and what must come of it.
type takeCase struct {
	name    string                                // the case, and the reason it matters
	build   func(t testing.TB, dir string) Source // writes the submission under dir
	files   []string                              // the lesson's student files; nil means harness.go
	limits  Limits                                //
	kind    results.Status                        // the Problem's kind; "" means no problem
	words   []string                              // what the Problem's message must say
	taken   []string                              // the files taken (checked when kind is "")
	ignored []string                              // the files ignored; nil means not checked
	notes   []string                              // the notes, each in words; nil means none
}

// runTakeCases runs each case in its own folder: the submission lies three
// folders deep, beside the work folder, so that any entry that climbs out
// would land inside the folder the test watches.
func runTakeCases(t *testing.T, cases []takeCase) {
	cwd, _ := os.Getwd()
	cwdBefore := snapshot(t, cwd)
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			base := t.TempDir()
			in := filepath.Join(base, "a", "b", "in")
			work := filepath.Join(base, "a", "b", "work")
			if err := os.MkdirAll(work, 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.MkdirAll(in, 0o755); err != nil {
				t.Fatal(err)
			}
			src := tc.build(t, in)
			files := tc.files
			if files == nil {
				files = []string{"harness.go"}
			}
			before := snapshot(t, base, work)
			sub := Take(src, files, work, tc.limits)
			checkNothingNew(t, base, before, work)
			checkSubmission(t, tc, sub, work)
		})
	}
	checkNothingNew(t, cwd, cwdBefore)
}

// checkSubmission checks sub against what tc expects.
func checkSubmission(t *testing.T, tc takeCase, sub Submission, work string) {
	t.Helper()
	switch {
	case tc.kind == "" && sub.Problem != nil:
		t.Fatalf("Take: problem %s: %s; want none", sub.Problem.Kind, sub.Problem.Message)
	case tc.kind != "" && sub.Problem == nil:
		t.Fatalf("Take: no problem; want %s", tc.kind)
	case tc.kind != "" && sub.Problem.Kind != tc.kind:
		t.Fatalf("Take: problem %s (%s); want %s", sub.Problem.Kind, sub.Problem.Message, tc.kind)
	}
	if sub.Problem != nil {
		t.Logf("message: %s", sub.Problem.Message)
		for _, w := range tc.words {
			if !strings.Contains(sub.Problem.Message, w) {
				t.Errorf("message %q does not say %q", sub.Problem.Message, w)
			}
		}
	}
	if tc.kind == "" && !slices.Equal(sub.Files, tc.taken) {
		t.Errorf("Files = %q, want %q", sub.Files, tc.taken)
	}
	if tc.ignored != nil && !slices.Equal(sub.Ignored, tc.ignored) && !(len(sub.Ignored) == 0 && len(tc.ignored) == 0) {
		t.Errorf("Ignored = %q, want %q", sub.Ignored, tc.ignored)
	}
	if len(sub.Notes) != len(tc.notes) {
		t.Errorf("Notes = %q, want %d saying %q", sub.Notes, len(tc.notes), tc.notes)
	}
	for i := range min(len(sub.Notes), len(tc.notes)) {
		if !strings.Contains(sub.Notes[i], tc.notes[i]) {
			t.Errorf("note %q does not say %q", sub.Notes[i], tc.notes[i])
		}
	}
	if sub.Dir != "" && filepath.Dir(sub.Dir) != work {
		t.Errorf("Dir = %s, want a folder in %s", sub.Dir, work)
	}
	checkDir(t, sub.Dir, sub.Files)
	for _, f := range sub.Files {
		if _, err := os.ReadFile(filepath.Join(sub.Dir, f)); err != nil {
			t.Errorf("taken file %s: %v", f, err)
		}
	}
}

// TestTakeContents checks that a student file comes out byte for byte, when
// it takes many reads and sits in a wrapping folder after other entries.
func TestTakeContents(t *testing.T) {
	big := goodSource + strings.Repeat("// a line of comment to make the file long\n", 7000) // about 300 KiB
	for _, build := range []func(testing.TB, string) Source{
		zipAt("a.zip", zf{name: "alice/notes.txt", body: "n"}, zf{name: "alice/harness.go", body: big}),
		tgzAt("a.tgz", tf{name: "alice/notes.txt", body: "n"}, tf{name: "alice/harness.go", body: big}),
		folderAt(map[string]string{"alice/harness.go": big}),
	} {
		dir := t.TempDir()
		src := build(t, dir)
		sub := Take(src, []string{"harness.go"}, dir, Limits{})
		if sub.Problem != nil {
			t.Fatalf("%s: %s", src.Kind, sub.Problem.Message)
		}
		got, err := os.ReadFile(filepath.Join(sub.Dir, "harness.go"))
		if err != nil || string(got) != big {
			t.Errorf("%s: harness.go taken is %d bytes (%v), want the %d submitted", src.Kind, len(got), err, len(big))
		}
	}
}
