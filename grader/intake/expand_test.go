package intake

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// tree writes files (path: contents) under a new folder; a contents of
// "-> target" makes a symbolic link, a path ending in "/" an empty folder.
func tree(t *testing.T, files map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	for name, body := range files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		switch {
		case strings.HasSuffix(name, "/"):
			os.MkdirAll(p, 0o755)
		case strings.HasPrefix(body, "-> "):
			os.MkdirAll(filepath.Dir(p), 0o755)
			if err := os.Symlink(strings.TrimPrefix(body, "-> "), p); err != nil {
				t.Fatal(err)
			}
		default:
			writeFile(t, p, []byte(body))
		}
	}
	return dir
}

func TestExpand(t *testing.T) {
	for _, tc := range []struct {
		reason  string
		files   map[string]string
		paths   []string // relative to the tree; nil means the tree itself
		want    []string // "name kind path", path relative to the tree
		skipped []string // relative to the tree
	}{
		{reason: "a folder holding a student file is one submission",
			files: map[string]string{"alice/harness.go": "", "alice/notes.txt": ""}, paths: []string{"alice"},
			want: []string{"alice dir alice"}},
		{reason: "a folder holding any .go file is one submission (which will be missing its file)",
			files: map[string]string{"alice/main.go": "", "alice/sub/": ""}, paths: []string{"alice"},
			want: []string{"alice dir alice"}},
		{reason: "a folder holding one folder that holds the file is one submission",
			files: map[string]string{"alice/lab02/harness.go": "", "alice/.DS_Store": "", "alice/__MACOSX/x": ""}, paths: []string{"alice"},
			want: []string{"alice dir alice"}},
		{reason: "hidden folders do not count when looking for the one folder",
			files: map[string]string{"alice/.idea/workspace.xml": "", "alice/.git/HEAD": "", "alice/lab02/harness.go": ""}, paths: []string{"alice"},
			want: []string{"alice dir alice"}},
		{reason: "an empty folder is one (empty) submission",
			files: map[string]string{"alice/": ""}, paths: []string{"alice"},
			want: []string{"alice dir alice"}},
		{reason: "a folder holding only other files is one submission",
			files: map[string]string{"alice/notes.txt": ""}, paths: []string{"alice"},
			want: []string{"alice dir alice"}},
		{reason: "a folder of folders and archives: each child is one submission, other files skipped",
			files: map[string]string{
				"subs/alice/harness.go": "", "subs/bob.zip": "", "subs/carol.tar.gz": "", "subs/dave.TGZ": "", "subs/erin/": "",
				"subs/notes.txt": "", "subs/.DS_Store": "", "subs/__MACOSX/": "", "subs/.git/": "", "subs/frank": "-> alice"},
			paths:   []string{"subs"},
			want:    []string{"alice dir subs/alice", "bob zip subs/bob.zip", "carol tar.gz subs/carol.tar.gz", "dave tar.gz subs/dave.TGZ", "erin dir subs/erin"},
			skipped: []string{"subs/.DS_Store", "subs/.git", "subs/__MACOSX", "subs/frank", "subs/notes.txt"}},
		{reason: "names holding control characters, or named like a report, are submissions like any other",
			files: map[string]string{
				"subs/gina\x1b[2J.zip": "", "subs/hal\x07/": "", "subs/alice\tbob/": "", "subs/line\nbreak.zip": "",
				"subs/grades.csv.zip": "", "subs/report.json/": "", "subs/junit.xml.tgz": ""},
			paths: []string{"subs"},
			want: []string{"alice\tbob dir subs/alice\tbob", "gina\x1b[2J zip subs/gina\x1b[2J.zip", "grades.csv zip subs/grades.csv.zip",
				"hal\a dir subs/hal\a", "junit.xml tar.gz subs/junit.xml.tgz", "line\nbreak zip subs/line\nbreak.zip", "report.json dir subs/report.json"}},
		{reason: "names differing only in letter case are two submissions",
			files: map[string]string{"a/Alice.zip": "", "b/alice.tgz": ""}, paths: []string{"a/Alice.zip", "b/alice.tgz"},
			want: []string{"Alice zip a/Alice.zip", "alice tar.gz b/alice.tgz"}},
		{reason: "bytes that are not UTF-8 are escaped in the name, so JSON keeps them apart",
			files: map[string]string{"subs/bad\xff/": "", "subs/bad\xfe.zip": ""}, paths: []string{"subs"},
			want: []string{`bad\xfe zip subs/bad` + "\xfe.zip", `bad\xff dir subs/bad` + "\xff"}},
		{reason: "archives given by path, sorted by name",
			files: map[string]string{"x/zed.zip": "", "y/amy.tgz": ""}, paths: []string{"x/zed.zip", "y/amy.tgz"},
			want: []string{"amy tar.gz y/amy.tgz", "zed zip x/zed.zip"}},
		{reason: "a folder with a single submission folder is taken for a wrapped submission",
			files: map[string]string{"subs/alice/harness.go": ""}, paths: []string{"subs"},
			want: []string{"subs dir subs"}},
	} {
		dir := tree(t, tc.files)
		paths := []string{dir}
		if tc.paths != nil {
			paths = nil
			for _, p := range tc.paths {
				paths = append(paths, filepath.Join(dir, p))
			}
		}
		sources, skipped, err := Expand(paths, []string{"harness.go"})
		if err != nil {
			t.Errorf("%s: Expand: %v", tc.reason, err)
			continue
		}
		var got []string
		for _, s := range sources {
			rel, _ := filepath.Rel(dir, s.Path)
			got = append(got, s.Name+" "+s.Kind+" "+filepath.ToSlash(rel))
		}
		if !slices.Equal(got, tc.want) {
			t.Errorf("%s: sources = %q, want %q", tc.reason, got, tc.want)
		}
		var wantSkipped []string // as Expand gives them: full, quoted when not printable, sorted
		for _, s := range tc.skipped {
			wantSkipped = append(wantSkipped, display(filepath.Join(dir, s)))
		}
		slices.Sort(wantSkipped)
		if !slices.Equal(skipped, wantSkipped) {
			t.Errorf("%s: skipped = %q, want %q", tc.reason, skipped, wantSkipped)
		}
	}
}

func TestExpandErrors(t *testing.T) {
	for _, tc := range []struct {
		reason string
		files  map[string]string
		paths  []string
		words  []string
	}{
		{"a path that does not exist", nil, []string{"nope"}, []string{"expand submissions:", "nope", "no such file"}},
		{"a plain file given by path", map[string]string{"notes.txt": ""}, []string{"notes.txt"}, []string{"notes.txt is not a folder, .zip, .tar.gz or .tgz"}},
		{"two submissions with one name", map[string]string{"subs/alice/harness.go": "", "subs/alice.zip": ""}, []string{"subs"},
			[]string{"subs/alice and", "subs/alice.zip both make a submission named alice"}},
		{"the same path twice", map[string]string{"alice.zip": ""}, []string{"alice.zip", "alice.zip"}, []string{"both make a submission named alice"}},
		{"an archive with no name", map[string]string{"..zip": ""}, []string{"..zip"}, []string{"gives no usable submission name"}},
	} {
		dir := tree(t, tc.files)
		var paths []string
		for _, p := range tc.paths {
			paths = append(paths, filepath.Join(dir, p))
		}
		_, _, err := Expand(paths, []string{"harness.go"})
		if err == nil {
			t.Errorf("%s: Expand succeeded, want an error", tc.reason)
			continue
		}
		for _, w := range tc.words {
			if !strings.Contains(err.Error(), w) {
				t.Errorf("%s: error %q does not say %q", tc.reason, err, w)
			}
		}
	}
	if _, _, err := Expand([]string{t.TempDir()}, []string{"../x.go"}); err == nil || !strings.Contains(err.Error(), "not a clean relative path") {
		t.Errorf("Expand with a student file that climbs out: %v, want an error", err)
	}
}

// TestExpandDot checks that "." is named after the folder it means.
func TestExpandDot(t *testing.T) {
	dir := tree(t, map[string]string{"alice/harness.go": ""})
	t.Chdir(filepath.Join(dir, "alice"))
	sources, _, err := Expand([]string{"."}, []string{"harness.go"})
	if err != nil || len(sources) != 1 || sources[0].Name != "alice" {
		t.Errorf(`Expand(".") = %+v, %v; want one submission named alice`, sources, err)
	}
}
