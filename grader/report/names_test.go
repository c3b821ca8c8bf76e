package report

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"encoding/xml"
	"harnesslab/grader/results"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"
)

// hostileNames are submission names a class folder can hold, each of which
// must get a folder of its own and a row in every report.
var hostileNames = []string{
	"", ".", "..", "../escape", "a/b", `a\b`, "nul\x00", "alice\tbob", "line\nbreak", "esc\x1b[2J",
	"grades.csv", "GRADES.CSV", "junit.xml", "report.json", "grades.csv.zip", "con", "LPT1.txt",
	"trailing.", "trailing ", ".hidden", "bad\xffutf8", "colon:star*", strings.Repeat("long", 80),
	"résumé", "Alice", "alice",
}

func TestFolderName(t *testing.T) {
	tests := []struct{ name, want, why string }{
		{"alice", "alice", "a safe name is its own folder"},
		{"Alice Smith_12345", "Alice Smith_12345", "spaces, capitals and underscores are safe"},
		{"résumé", "résumé", "printable UTF-8 is safe"},
		{"alice\tbob", "alice_bob-" + nameHash("alice\tbob"), "a tab becomes _ and the name gets its hash"},
		{"a/b", "a_b-" + nameHash("a/b"), "a slash cannot climb out"},
		{"..", "__-" + nameHash(".."), "a leading dot becomes _ so the name is neither hidden nor a parent"},
		{"", "_-" + nameHash(""), "an empty name still names a folder"},
		{"grades.csv", "grades.csv-" + nameHash("grades.csv"), "a run's own file keeps its name and gets the hash"},
		{"GRADES.CSV", "GRADES.CSV-" + nameHash("GRADES.CSV"), "a run file in other letter case is the same file on macOS and Windows"},
		{"con", "_con-" + nameHash("con"), "Windows reserves CON"},
		{"LPT1.txt", "_LPT1.txt-" + nameHash("LPT1.txt"), "Windows reserves LPT1 before a dot"},
		{"COM10", "COM10", "COM10 is not reserved"},
		{"trailing.", "trailing_-" + nameHash("trailing."), "Windows drops a trailing dot"},
		{"bad\xffutf8", "bad_utf8-" + nameHash("bad\xffutf8"), "bytes that are not UTF-8 become _"},
	}
	for _, tt := range tests {
		if got := FolderName(tt.name); got != tt.want {
			t.Errorf("FolderName(%q) = %q, want %q (%s)", tt.name, got, tt.want, tt.why)
		}
	}
	long := FolderName(strings.Repeat("é", 200))
	if len(long) > maxFolderBytes+9 || !utf8.ValidString(long) {
		t.Errorf("FolderName of a 400-byte name = %q (%d bytes); want at most %d bytes of valid UTF-8", long, len(long), maxFolderBytes+9)
	}
}

func TestDisplayName(t *testing.T) {
	tests := []struct{ name, want, why string }{
		{"alice", "alice", "a printable name is shown as it is"},
		{"Ünal O'Brien", "Ünal O'Brien", "printable UTF-8 and quotes are shown as they are"},
		{"alice\tbob", `alice\tbob`, "a tab is escaped, without quotes"},
		{"line\nbreak", `line\nbreak`, "a newline is escaped"},
		{"esc\x1b[2J", `esc\x1b[2J`, "a terminal escape is escaped"},
		{"bad\xffutf8", `bad\xffutf8`, "a byte that is not UTF-8 is escaped"},
		{"tab\t\"q\"\\", `tab\t\"q\"\\`, "once escaped, quotes and backslashes are escaped too"},
	}
	for _, tt := range tests {
		got := DisplayName(tt.name)
		if got != tt.want {
			t.Errorf("DisplayName(%q) = %q, want %q (%s)", tt.name, got, tt.want, tt.why)
		}
		if back, err := strconv.Unquote(`"` + got + `"`); err != nil || back != tt.name {
			t.Errorf("DisplayName(%q) = %q does not read back: %q, %v", tt.name, got, back, err)
		}
	}
}

// TestEveryNameSurvives: every hostile name gets a folder inside the run's
// folder with both its files, comes back from LoadSubmissions, and has its
// row in grades.csv, junit.xml and report.json.
func TestEveryNameSurvives(t *testing.T) {
	dir := t.TempDir()
	var all []results.Result
	for _, name := range hostileNames {
		r := results.Result{Name: name, Lesson: "02", Status: results.StatusFailed, Score: 1, MaxScore: 2,
			Checks: []results.CheckResult{pass(checkOrder, 0), fail(checkPaired, "failed", "no", 0)}}
		all = append(all, r)
		if err := WriteSubmission(dir, r, Options{}); err != nil {
			t.Fatalf("WriteSubmission(%q): %v", name, err)
		}
	}
	if err := WriteRun(dir, all, Options{KitVersion: "v"}); err != nil {
		t.Fatal(err)
	}
	entries, err := os.ReadDir(filepath.Dir(dir))
	if err != nil || len(entries) != 1 {
		t.Fatalf("the parent of the run's folder holds %v (%v); want only the run's folder", entries, err)
	}
	subs, err := LoadSubmissions(dir)
	if err != nil {
		t.Fatal(err)
	}
	folders := map[string]string{}
	for _, s := range subs {
		folders[s.Name] = s.Folder
	}
	// JSON carries text, so bytes that are not UTF-8 come back as U+FFFD
	// (intake names such submissions with their escaped name instead).
	for _, name := range hostileNames {
		if back := strings.ToValidUTF8(name, "\uFFFD"); back != name {
			folders[name] = folders[back]
		}
	}
	if len(subs) != len(hostileNames) {
		t.Errorf("LoadSubmissions gave %d submissions, want %d", len(subs), len(hostileNames))
	}
	seen := map[string]bool{}
	for _, name := range hostileNames {
		folder, ok := folders[name]
		if !ok {
			t.Errorf("submission %q did not come back from LoadSubmissions", name)
			continue
		}
		if seen[folder] {
			t.Errorf("folder %q is used twice", folder)
		}
		seen[folder] = true
		if !printable(folder) || strings.ContainsAny(folder, `/\:*?"<>|`) || strings.HasPrefix(folder, ".") || len(folder) > maxFolderBytes+20 {
			t.Errorf("submission %q has folder %q, which is not one safe folder name", name, folder)
		}
		for _, f := range []string{ResultsFile, ResultFile} {
			if _, err := os.Stat(filepath.Join(dir, folder, f)); err != nil {
				t.Errorf("submission %q: %v", name, err)
			}
		}
	}

	csvData, _ := os.ReadFile(filepath.Join(dir, GradesFile))
	rows, err := csv.NewReader(bytes.NewReader(csvData)).ReadAll()
	if err != nil {
		t.Fatalf("grades.csv does not parse: %v", err)
	}
	inCSV := map[string]string{}
	for _, row := range rows[1:] {
		inCSV[row[0]] = row[len(row)-1]
	}
	var junit junitSuites
	junitData, _ := os.ReadFile(filepath.Join(dir, JUnitFile))
	if err := xml.Unmarshal(junitData, &junit); err != nil {
		t.Fatalf("junit.xml does not parse: %v", err)
	}
	inJUnit := map[string]string{}
	for _, s := range junit.Suites {
		for _, p := range s.Properties {
			if p.Name == "folder" {
				inJUnit[s.Name] = p.Value
			}
		}
	}
	var report Report
	reportData, _ := os.ReadFile(filepath.Join(dir, ReportFile))
	if err := json.Unmarshal(reportData, &report); err != nil {
		t.Fatalf("report.json does not parse: %v", err)
	}
	inReport := map[string]string{}
	for _, s := range report.Submissions {
		inReport[s.Name] = s.Folder
	}
	for _, name := range hostileNames {
		shown, folder := DisplayName(name), folders[name]
		if want := guardCell(shown); inCSV[want] != folder {
			t.Errorf("grades.csv: submission %q has folder %q, want a row %q with folder %q", name, inCSV[want], want, folder)
		}
		if inJUnit[shown] != folder {
			t.Errorf("junit.xml: testsuite %q has folder %q, want %q", shown, inJUnit[shown], folder)
		}
		if !utf8.ValidString(name) {
			continue // JSON cannot carry the bytes; the folder and the escaped name still tell
		}
		if inReport[name] != folder {
			t.Errorf("report.json: submission %q has folder %q, want %q", name, inReport[name], folder)
		}
	}
}

// TestFolderCollisions: two submissions whose folder names collide both
// keep their results, whichever is written first, and writing a
// submission again reuses its folder.
func TestFolderCollisions(t *testing.T) {
	odd := "a\tb"
	lookalike := FolderName(odd) // a safe name that is exactly odd's folder
	for _, order := range [][]string{{odd, lookalike}, {lookalike, odd}} {
		dir := t.TempDir()
		for _, name := range append(order, order...) { // each twice: the second write reuses the folder
			r := results.Result{Name: name, Lesson: "02", Status: results.StatusEmpty}
			if err := WriteSubmission(dir, r, Options{}); err != nil {
				t.Fatal(err)
			}
		}
		subs, err := LoadSubmissions(dir)
		if err != nil {
			t.Fatal(err)
		}
		entries, _ := os.ReadDir(dir)
		if len(subs) != 2 || len(entries) != 2 || subs[0].Folder == subs[1].Folder {
			t.Errorf("writing %q then %q, each twice: %d folders, submissions %+v; want 2 folders, one each", order[0], order[1], len(entries), subs)
		}
	}
}

// TestFolderTakenOnDisk: a folder whose result.json names another
// submission (an earlier run in the same folder) is not overwritten, and a
// folder left without result.json by a stopped run is reused.
func TestFolderTakenOnDisk(t *testing.T) {
	dir := t.TempDir()
	other := filepath.Join(dir, "bob")
	if err := os.MkdirAll(other, 0o755); err != nil {
		t.Fatal(err)
	}
	doc := `{"format": "harnesslab-result", "version": 1, "folder": "bob", "result": {"name": "Bob"}}`
	if err := os.WriteFile(filepath.Join(other, ResultFile), []byte(doc), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Mkdir(filepath.Join(dir, "carol"), 0o755); err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"bob", "carol"} {
		if err := WriteSubmission(dir, results.Result{Name: name, Lesson: "02", Status: results.StatusEmpty}, Options{}); err != nil {
			t.Fatal(err)
		}
	}
	subs, err := LoadSubmissions(dir)
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]string{}
	for _, s := range subs {
		got[s.Name] = s.Folder
	}
	want := map[string]string{"Bob": "bob", "bob": "bob-" + nameHash("bob"), "carol": "carol"}
	if len(got) != len(want) {
		t.Errorf("folders = %v, want %v", got, want)
	}
	for name, folder := range want {
		if got[name] != folder {
			t.Errorf("submission %q is in folder %q, want %q", name, got[name], folder)
		}
	}
}

// TestFolderClaimedInProcess: a folder another submission of this process
// has claimed is not free even before its result.json is written. This is
// what tells "Alice" from "alice" on a case-insensitive file system, where
// both names open one folder: here the folder is looked up under the
// claimer's own name, as such a file system would find it under the other.
func TestFolderClaimedInProcess(t *testing.T) {
	dir := t.TempDir()
	folder, err := claimFolder(dir, "alice")
	if err != nil {
		t.Fatal(err)
	}
	key, _ := filepath.Abs(dir)
	claims.Lock()
	freeForOther, err1 := folderFree(key, filepath.Join(dir, folder), "Alice")
	freeForSelf, err2 := folderFree(key, filepath.Join(dir, folder), "alice")
	claims.Unlock()
	if err1 != nil || err2 != nil {
		t.Fatal(err1, err2)
	}
	if freeForOther || !freeForSelf {
		t.Errorf("folder claimed by alice, no result.json yet: free for Alice = %v, for alice = %v; want false, true", freeForOther, freeForSelf)
	}
}

// TestWriteSubmissionConcurrent: submissions written at once from many
// goroutines, as a grading run does, each get their own folder, names that
// collide included.
func TestWriteSubmissionConcurrent(t *testing.T) {
	dir := t.TempDir()
	names := append([]string{FolderName("a\tb"), "a\tb", FolderName("a\nb")}, hostileNames...)
	errs := make(chan error, len(names))
	for _, name := range names {
		go func() {
			errs <- WriteSubmission(dir, results.Result{Name: name, Lesson: "02", Status: results.StatusEmpty}, Options{})
		}()
	}
	for range names {
		if err := <-errs; err != nil {
			t.Fatal(err)
		}
	}
	subs, err := LoadSubmissions(dir)
	if err != nil {
		t.Fatal(err)
	}
	if len(subs) != len(names) {
		t.Errorf("%d submissions written at once, %d came back", len(names), len(subs))
	}
}
