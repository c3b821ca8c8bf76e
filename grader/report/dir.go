package report

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"harnesslab/grader"
)

// Options says how to write reports. The zero value is useful: the lesson is
// taken from the results, and durations are written as measured.
type Options struct {
	// Lesson is the lesson number, "02", written in report.json and
	// junit.xml. When empty it is taken from the results. Either way, a
	// result for another lesson is an error.
	Lesson string
	// KitVersion is the kit's version, written in report.json.
	KitVersion string
	// ZeroDurations writes every duration and execution time as zero, so
	// that grading the same submissions twice gives identical files.
	ZeroDurations bool
}

// The files of a run's folder.
const (
	ResultsFile = "results.json" // DIR/<name>/results.json: Gradescope's results
	ResultFile  = "result.json"  // DIR/<name>/result.json: the grader.Result, read back by Load
	GradesFile  = "grades.csv"   // DIR/grades.csv
	JUnitFile   = "junit.xml"    // DIR/junit.xml
	ReportFile  = "report.json"  // DIR/report.json
)

// The format name and version a result.json declares.
const (
	resultFormat  = "harnesslab-result"
	resultVersion = 1
)

// resultDoc is the content of DIR/<name>/result.json.
type resultDoc struct {
	Format  string        `json:"format"`
	Version int           `json:"version"`
	Result  grader.Result `json:"result"`
}

// WriteSubmission writes the files of one submission, DIR/<name>/results.json
// (Gradescope's) and DIR/<name>/result.json (the grader.Result, for Load),
// each atomically, creating the folders it needs. It writes result.json
// last, so a submission that has one has both. Call it as each submission
// finishes: a run stopped at any point keeps every submission written.
//
// The name must be usable as one folder name: not empty, ".", "..", nor
// holding a slash, a backslash or a NUL, nor one of the run's own files.
func WriteSubmission(dir string, r grader.Result, opt Options) error {
	if err := checkName(r.Name); err != nil {
		return fmt.Errorf("write results of %q: %w", r.Name, err)
	}
	sub := filepath.Join(dir, r.Name)
	if err := os.MkdirAll(sub, 0o755); err != nil {
		return fmt.Errorf("write results of %q: %w", r.Name, err)
	}
	err := writeWith(filepath.Join(sub, ResultsFile), func(b *bytes.Buffer) error {
		return WriteGradescope(b, r, opt)
	})
	if err != nil {
		return err
	}
	return writeWith(filepath.Join(sub, ResultFile), func(b *bytes.Buffer) error {
		doc := resultDoc{Format: resultFormat, Version: resultVersion, Result: prepare(r, opt)}
		if err := encodeJSON(b, doc); err != nil {
			return fmt.Errorf("write result of %q: %w", r.Name, err)
		}
		return nil
	})
}

// WriteRun writes the files of the whole run, DIR/grades.csv, DIR/junit.xml
// and DIR/report.json, each atomically, from results: normally every
// submission in DIR, as Load returns them.
func WriteRun(dir string, results []grader.Result, opt Options) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return fmt.Errorf("write reports: %w", err)
	}
	files := []struct {
		name  string
		write func(*bytes.Buffer) error
	}{
		{GradesFile, func(b *bytes.Buffer) error { return WriteCSV(b, results) }},
		{JUnitFile, func(b *bytes.Buffer) error { return WriteJUnit(b, results, opt) }},
		{ReportFile, func(b *bytes.Buffer) error { return WriteReport(b, results, opt) }},
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
// what WriteRun rebuilds the run's reports from. A missing dir holds no
// results. Folders without a result.json (a submission that never
// finished) are skipped; a result.json that cannot be read, is of another
// format or version, or names another submission than its folder is an
// error.
func Load(dir string) ([]grader.Result, error) {
	entries, err := os.ReadDir(dir)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("load results: %w", err)
	}
	var results []grader.Result
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
		r, err := decodeResult(data, e.Name())
		if err != nil {
			return nil, fmt.Errorf("load %s: %w", path, err)
		}
		results = append(results, r)
	}
	return sortedByName(results), nil
}

// decodeResult reads a result.json found in the folder named name.
func decodeResult(data []byte, name string) (grader.Result, error) {
	var doc resultDoc
	if err := json.Unmarshal(data, &doc); err != nil {
		return grader.Result{}, err
	}
	if doc.Format != resultFormat || doc.Version != resultVersion {
		return grader.Result{}, fmt.Errorf("format %q version %d, want %q version %d", doc.Format, doc.Version, resultFormat, resultVersion)
	}
	if doc.Result.Name != name {
		return grader.Result{}, fmt.Errorf("holds the result of %q, not %q", doc.Result.Name, name)
	}
	return doc.Result, nil
}

// checkName reports why name cannot be a submission's folder in a run's
// folder, or nil if it can.
func checkName(name string) error {
	switch {
	case name == "", name == ".", name == "..":
		return errors.New("not a usable folder name")
	case strings.ContainsAny(name, "/\\\x00"):
		return errors.New("a submission name cannot hold a slash, a backslash or a NUL")
	case name == GradesFile, name == JUnitFile, name == ReportFile:
		return errors.New("the name is taken by the run's own report")
	}
	return nil
}
