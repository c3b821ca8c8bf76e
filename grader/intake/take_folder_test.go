package intake

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// folderAt returns a builder writing files (path: contents) into a
// submission folder named alice; a contents of "-> target" makes a symbolic
// link, and a path ending in "/" an empty folder.
func folderAt(files map[string]string) func(testing.TB, string) Source {
	return func(t testing.TB, dir string) Source {
		root := filepath.Join(dir, "alice")
		if err := os.MkdirAll(root, 0o755); err != nil {
			t.Fatal(err)
		}
		for name, body := range files {
			p := filepath.Join(root, filepath.FromSlash(name))
			switch {
			case strings.HasSuffix(name, "/"):
				if err := os.MkdirAll(p, 0o755); err != nil {
					t.Fatal(err)
				}
			case strings.HasPrefix(body, "-> "):
				os.MkdirAll(filepath.Dir(p), 0o755)
				target := strings.ReplaceAll(strings.TrimPrefix(body, "-> "), "$OUT", dir)
				if err := os.Symlink(target, p); err != nil {
					t.Fatal(err)
				}
			default:
				writeFile(t, p, []byte(body))
			}
		}
		return Source{Name: "alice", Path: root, Kind: KindDir}
	}
}

// manyFiles returns n files under names made from format.
func manyFiles(n int, format string) map[string]string {
	files := map[string]string{"harness.go": goodSource}
	for i := range n {
		files[fmt.Sprintf(format, i)] = "x"
	}
	return files
}

var folderCases = []takeCase{
	{name: "folder with the file at its top", build: folderAt(map[string]string{"harness.go": goodSource, "notes.txt": "n", "docs/a.md": "a"}),
		taken: []string{"harness.go"}, ignored: []string{"docs/a.md", "notes.txt"}},
	{name: "folder holding one folder: descended into", build: folderAt(map[string]string{"lab02/harness.go": goodSource, "lab02/go.mod": "m", ".DS_Store": "j"}),
		taken: []string{"harness.go"}, ignored: []string{".DS_Store", "lab02/go.mod"}},
	{name: "hidden folders beside the one folder do not stop the descent", build: folderAt(map[string]string{"lab02/harness.go": goodSource, ".git/HEAD": "ref", ".idea/ws.xml": "x"}),
		taken: []string{"harness.go"}, ignored: []string{".git/HEAD", ".idea/ws.xml"}},
	{name: "several student files, all there", files: []string{"harness.go", "tools/tools.go"}, build: folderAt(map[string]string{"harness.go": goodSource, "tools/tools.go": "package tools\n"}),
		taken: []string{"harness.go", "tools/tools.go"}, ignored: []string{}},
	{name: "folder with the file three folders down: taken, and said where", build: folderAt(map[string]string{"lesson02/src/harness.go": goodSource, "lesson02/README.md": "r", "notes.txt": "n"}),
		taken: []string{"harness.go"}, ignored: []string{"lesson02/README.md", "notes.txt"}, notes: []string{"harness.go was taken from lesson02/src/harness.go, the one place"}},
	{name: "folder with the file in two places: both named", build: folderAt(map[string]string{"lesson02/src/harness.go": goodSource, "backup/harness.go": goodSource, "x.txt": "x"}),
		kind: ProblemMissing, words: []string{"harness.go is in 2 places, backup/harness.go and lesson02/src/harness.go, so which one to grade is unclear"}},
	{name: "several student files, each found once in a folder", files: []string{"harness.go", "schema.go"}, build: folderAt(map[string]string{"src/harness.go": goodSource, "src/schema.go": "package harness\n", "go.mod": "m"}),
		taken: []string{"harness.go", "schema.go"}, ignored: []string{"go.mod"}, notes: []string{"harness.go was taken from src/harness.go", "schema.go was taken from src/schema.go"}},
	{name: "empty folder", build: folderAt(map[string]string{}), kind: ProblemEmpty, words: []string{"empty"}},
	{name: "folder holding only litter and empty folders", build: folderAt(map[string]string{".DS_Store": "j", "src/": ""}),
		kind: ProblemEmpty, words: []string{"empty", "only empty folders"}},
	{name: "misnamed file", build: folderAt(map[string]string{"Harness.go": goodSource}),
		kind: ProblemMissing, words: []string{"harness.go is missing; found Harness.go: the file must be named exactly harness.go"}},
	{name: "one of two student files missing: the other is still taken", files: []string{"harness.go", "tools.go"}, build: folderAt(map[string]string{"harness.go": goodSource, "tool.go": "package harness\n"}),
		kind: ProblemMissing, words: []string{"tools.go is missing; found tool.go: the file must be named exactly tools.go", "(the lesson takes harness.go, tools.go)"}},
	{name: "student file is a folder", build: folderAt(map[string]string{"harness.go/": "", "x.txt": "x"}),
		kind: ProblemMissing, words: []string{"harness.go is a folder, not a file"}},
	{name: "student file is a link out of the submission", build: folderAt(map[string]string{"harness.go": "-> /etc/passwd"}),
		kind: ProblemBadSource, words: []string{"harness.go is a symbolic link, and links are not followed"}},
	{name: "student file is a link inside the submission", build: folderAt(map[string]string{"harness.go": "-> real.go", "real.go": goodSource}),
		kind: ProblemBadSource, words: []string{"harness.go is a symbolic link"}},
	{name: "the one folder is a link: not descended into", build: folderAt(map[string]string{"lab02": "-> $OUT/elsewhere"}),
		kind: ProblemMissing, words: []string{"found lab02 (a link, not followed)"}},
	{name: "a folder on the way to a student file is a link", files: []string{"tools/tools.go"}, build: folderAt(map[string]string{"tools": "-> real", "real/tools.go": "package tools\n", "x.go": ""}),
		kind: ProblemBadSource, words: []string{"tools/tools.go is inside tools, which is a link"}},
	{name: "student file in Latin-1", build: folderAt(map[string]string{"harness.go": "package harness\n\n// \xff\xfe\n"}),
		kind: ProblemBadSource, words: []string{"harness.go is not valid UTF-8 text (line 3)"}, ignored: []string{}},
	{name: "student file with a NUL byte", build: folderAt(map[string]string{"harness.go": "package harness\x00"}),
		kind: ProblemBadSource, words: []string{"harness.go holds a NUL byte (line 1)"}},
	{name: "student file too big", limits: Limits{MaxSourceBytes: 1024}, build: folderAt(map[string]string{"harness.go": strings.Repeat("/* pad */\n", 300)}),
		kind: ProblemBadSource, words: []string{"harness.go is 2.9 KiB, more than the 1 KiB a student source file may be"}},
	{name: "the list of ignored files is capped", build: folderAt(manyFiles(250, "junk/f%03d.txt")),
		taken: []string{"harness.go"}, ignored: ignoredList(200, "junk/f%03d.txt", "... and 50 more")},
	{name: "a huge folder stops being listed", limits: Limits{MaxEntries: 20}, build: folderAt(manyFiles(100, "junk/f%03d.txt")),
		taken: []string{"harness.go"}, ignored: ignoredList(20, "junk/f%03d.txt", "... and others not listed (the listing stops after 20 entries inside folders)")},
}

// ignoredList is n names made from format, then last.
func ignoredList(n int, format, last string) []string {
	var list []string
	for i := range n {
		list = append(list, fmt.Sprintf(format, i))
	}
	return append(list, last)
}

func TestTakeFolders(t *testing.T) {
	runTakeCases(t, folderCases)
}

func TestTakeKitErrors(t *testing.T) {
	dir := t.TempDir()
	src := folderAt(map[string]string{"harness.go": goodSource})(t, dir)
	for _, tc := range []struct {
		reason string
		files  []string
		work   string
		words  string
	}{
		{"no student files", nil, dir, "names no student files"},
		{"a student file that climbs out", []string{"../harness.go"}, dir, `student file "../harness.go" is not a clean relative path`},
		{"an absolute student file", []string{"/etc/passwd"}, dir, "not a clean relative path"},
		{"a student file twice", []string{"harness.go", "harness.go"}, dir, "listed twice"},
		{"a work folder that does not exist", []string{"harness.go"}, filepath.Join(dir, "nope"), "take submission alice: create its folder"},
	} {
		sub := Take(src, tc.files, tc.work, Limits{})
		if sub.Problem == nil || sub.Problem.Kind != ProblemKitError || !strings.Contains(sub.Problem.Message, tc.words) {
			t.Errorf("%s: Take = %+v, want a kit_error saying %q", tc.reason, sub.Problem, tc.words)
		}
	}
}
