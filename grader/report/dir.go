package report

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"harnesslab/grader/results"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
)

// Options says how to write reports. The zero value is useful: the lesson is
// taken from the results, and durations are written as measured.
type Options struct {
	// Lesson is the lesson number, "02", written in report.json and
	// junit.xml. When empty it is taken from the results. Either way, a
	// result for another lesson is an error.
	Lesson string
	// KitVersion is the kit's version, written in report.json and in each
	// submission's result.json.
	KitVersion string
	// ZeroDurations writes every duration and execution time as zero, so
	// that grading the same submissions twice gives identical files.
	ZeroDurations bool
	// Left is how many submissions of the run were not graded because it
	// was stopped. When it is positive, report.json says the run is
	// incomplete and how many are left; zero writes neither field.
	Left int
}

// The files of a run's folder.
const (
	ResultsFile = "results.json" // DIR/<folder>/results.json: Gradescope's results
	ResultFile  = "result.json"  // DIR/<folder>/result.json: the results.Result, read back by Load
	GradesFile  = "grades.csv"   // DIR/grades.csv
	JUnitFile   = "junit.xml"    // DIR/junit.xml
	ReportFile  = "report.json"  // DIR/report.json
)

// The format name and version a result.json declares.
const (
	resultFormat  = "harnesslab-result"
	resultVersion = 1
)

// resultDoc is the content of DIR/<folder>/result.json. Folder and
// KitVersion were added within version 1: a file without them is read as
// sitting in the folder named after its submission, graded by an unknown kit.
type resultDoc struct {
	Format     string         `json:"format"`
	Version    int            `json:"version"`
	Folder     string         `json:"folder,omitempty"`      // the folder it was written in
	KitVersion string         `json:"kit_version,omitempty"` // Options.KitVersion of the run that graded it
	Result     results.Result `json:"result"`
}

// Submission is one submission of a run as the run's reports list it: its
// result, the folder in the run's folder that holds its files, and the kit
// that graded it. In report.json its fields are the result's, plus
// "folder".
type Submission struct {
	results.Result
	// Folder is the submission's folder in the run's folder: FolderName of
	// its name, or another safe name when that was taken. Empty when the
	// submission has no folder there.
	Folder string `json:"folder"`
	// KitVersion is the version of the kit that graded it, when known. It
	// is not written in report.json, which names the run's kit once.
	KitVersion string `json:"-"`
}

// WriteSubmission writes the files of one submission, DIR/<folder>/results.json
// (Gradescope's) and DIR/<folder>/result.json (the results.Result, for Load),
// each atomically, creating the folders it needs. It writes result.json
// last, so a submission that has one has both. Call it as each submission
// finishes, from any number of goroutines: a run stopped at any point keeps
// every submission written.
//
// Every name gets a folder: FolderName(r.Name), or when another submission
// already has that folder (a name that differs only in letter case on a
// case-insensitive file system, a name made safe the same way), the safe
// name with its hash suffix and a number. Writing the same submission again
// writes to its folder again.
func WriteSubmission(dir string, r results.Result, opt Options) error {
	folder, err := claimFolder(dir, r.Name)
	if err != nil {
		return fmt.Errorf("make the results folder of %s: %w", DisplayName(r.Name), err)
	}
	sub := filepath.Join(dir, folder)
	err = writeWith(filepath.Join(sub, ResultsFile), func(b *bytes.Buffer) error {
		return WriteGradescope(b, r, opt)
	})
	if err != nil {
		return err
	}
	return writeWith(filepath.Join(sub, ResultFile), func(b *bytes.Buffer) error {
		doc := resultDoc{Format: resultFormat, Version: resultVersion, Folder: folder, KitVersion: opt.KitVersion, Result: prepare(r, opt)}
		if err := encodeJSON(b, doc); err != nil {
			return fmt.Errorf("write the result of %s: %w", DisplayName(r.Name), err)
		}
		return nil
	})
}

// WriteRun writes the files of the whole run, DIR/grades.csv, DIR/junit.xml
// and DIR/report.json, each atomically, from results: normally every
// submission in DIR, as Load returns them. Each submission's folder is read
// from DIR; a result with no folder there is listed with an empty one.
func WriteRun(dir string, all []results.Result, opt Options) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return fmt.Errorf("write reports: %w", err)
	}
	onDisk, err := LoadSubmissions(dir)
	if err != nil {
		return fmt.Errorf("write reports: %w", err)
	}
	written := make(map[string]Submission, len(onDisk))
	for _, s := range onDisk {
		written[s.Name] = s
	}
	subs := make([]Submission, len(all))
	for i, r := range all {
		w := written[strings.ToValidUTF8(r.Name, "\uFFFD")] // as JSON wrote it
		subs[i] = Submission{Result: r, Folder: w.Folder, KitVersion: w.KitVersion}
	}
	files := []struct {
		name  string
		write func(*bytes.Buffer) error
	}{
		{GradesFile, func(b *bytes.Buffer) error { return WriteCSV(b, subs) }},
		{JUnitFile, func(b *bytes.Buffer) error { return WriteJUnit(b, subs, opt) }},
		{ReportFile, func(b *bytes.Buffer) error { return WriteReport(b, subs, opt) }},
	}
	for _, f := range files {
		if err := writeWith(filepath.Join(dir, f.name), f.write); err != nil {
			return err
		}
	}
	return nil
}

// Load reads back the result of every submission written in dir by
// WriteSubmission, sorted by name: what `labrun grade --resume` skips, and
// what WriteRun rebuilds the run's reports from. It is LoadSubmissions
// without the folders.
func Load(dir string) ([]results.Result, error) {
	subs, err := LoadSubmissions(dir)
	if err != nil {
		return nil, err
	}
	var all []results.Result
	for _, s := range subs {
		all = append(all, s.Result)
	}
	return all, nil
}

// LoadSubmissions reads back every submission written in dir by
// WriteSubmission, with its folder and kit version, sorted by name. A
// missing dir holds no submissions. Folders without a result.json (a
// submission that never finished) are skipped; a result.json that cannot
// be read, is of another format or version, or was written in another
// folder is an error, as are two folders holding the same submission.
func LoadSubmissions(dir string) ([]Submission, error) {
	entries, err := os.ReadDir(dir)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("load results: %w", err)
	}
	var subs []Submission
	seen := map[string]string{}
	for _, e := range entries {
		if !e.IsDir() {
			continue
		}
		path := filepath.Join(dir, e.Name(), ResultFile)
		data, err := os.ReadFile(path)
		if errors.Is(err, fs.ErrNotExist) {
			continue
		}
		if err != nil {
			return nil, fmt.Errorf("load results: %w", err)
		}
		s, err := decodeResult(data, e.Name())
		if err != nil {
			return nil, fmt.Errorf("load %s: %w", path, err)
		}
		if other, dup := seen[s.Name]; dup {
			return nil, fmt.Errorf("load results: folders %s and %s of %s both hold submission %s: remove the one that is out of date", other, e.Name(), dir, DisplayName(s.Name))
		}
		seen[s.Name] = e.Name()
		subs = append(subs, s)
	}
	slices.SortStableFunc(subs, func(a, b Submission) int { return strings.Compare(a.Name, b.Name) })
	return subs, nil
}

// decodeResult reads a result.json found in the folder named folder.
func decodeResult(data []byte, folder string) (Submission, error) {
	var doc resultDoc
	if err := json.Unmarshal(data, &doc); err != nil {
		return Submission{}, err
	}
	if doc.Format != resultFormat || doc.Version != resultVersion {
		return Submission{}, fmt.Errorf("format %q version %d, want %q version %d", doc.Format, doc.Version, resultFormat, resultVersion)
	}
	written := doc.Folder
	if written == "" {
		written = doc.Result.Name // written before result.json named its folder
	}
	if written != folder {
		return Submission{}, fmt.Errorf("holds the result of %q, written in folder %q, not %q: move it back or grade %q again", doc.Result.Name, written, folder, doc.Result.Name)
	}
	return Submission{Result: doc.Result, Folder: folder, KitVersion: doc.KitVersion}, nil
}
