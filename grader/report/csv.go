package report

import (
	"encoding/csv"
	"fmt"
	"harnesslab/grader/results"
	"io"
	"slices"
	"strings"
)

// WriteCSV writes the gradebook, grades.csv: a header
// "submission,score,max_score,status" followed by one column per check
// (its number and short name, "1.1 calls_in_order", as labrun check and
// the dashboard name it), a column "why" and a last column "folder", then one row per
// submission, sorted by name, each cell of a check holding the points
// earned (0 where the check did not run), why it has its status in a few
// words (Why, on one line), and the folder the submission's own files are in. The submission is named by DisplayName, so a name with
// a tab or a newline stays on one line, escaped.
// Check columns come in the order of the longest check list, then any other
// check in the order first seen.
func WriteCSV(w io.Writer, subs []Submission) error {
	subs = prepareAll(subs, Options{})
	all := resultsOf(subs)
	checks := checkColumns(all)
	cw := csv.NewWriter(w)
	header := append([]string{"submission", "score", "max_score", "status"}, checkLabels(all, checks)...)
	header = append(header, "why", "folder")
	rows := [][]string{guardRow(header)}
	for i, r := range all {
		earned := make(map[string]float64, len(r.Checks))
		for _, c := range r.Checks {
			if ran(r) {
				earned[c.Name] += c.Points
			}
		}
		row := []string{guardCell(DisplayName(r.Name)), formatPoints(r.Score), formatPoints(r.MaxScore), guardCell(string(r.Status))}
		for _, name := range checks {
			row = append(row, formatPoints(earned[name]))
		}
		row = append(row, guardCell(DisplayName(Why(r))), guardCell(subs[i].Folder))
		rows = append(rows, row)
	}
	if err := cw.WriteAll(rows); err != nil {
		return fmt.Errorf("write grades CSV: %w", err)
	}
	return nil
}

// checkColumns lists the checks of all results, each once.
func checkColumns(all []results.Result) []string {
	longest := longestChecks(all)
	var names []string
	add := func(checks []results.CheckResult) {
		for _, c := range checks {
			if !slices.Contains(names, c.Name) {
				names = append(names, c.Name)
			}
		}
	}
	add(longest)
	for _, r := range all {
		add(r.Checks)
	}
	return names
}

// longestChecks is the longest check list among all: the one a class's
// checks are numbered and ordered by.
func longestChecks(all []results.Result) []results.CheckResult {
	var longest []results.CheckResult
	for _, r := range all {
		if len(r.Checks) > len(longest) {
			longest = r.Checks
		}
	}
	return longest
}

// CheckNumbers numbers, by name, the checks of the longest check list among
// all, as labrun check does ("1.1"). A check that list lacks has no number.
func CheckNumbers(all []results.Result) map[string]string {
	longest := longestChecks(all)
	number := make(map[string]string, len(longest))
	for _, c := range longest {
		number[c.Name] = c.Number
	}
	return number
}

// checkLabels heads the column of each check in names with its number
// in the longest check list ("1.1 calls_in_order"), or its name alone when
// that list lacks it.
func checkLabels(all []results.Result, names []string) []string {
	number := CheckNumbers(all)
	out := make([]string, len(names))
	for i, name := range names {
		out[i] = name
		if n, ok := number[name]; ok {
			out[i] = n + " " + name
		}
	}
	return out
}

// guardRow guards every cell of a row of text (the header) against
// formula injection.
func guardRow(row []string) []string {
	for i, cell := range row {
		row[i] = guardCell(cell)
	}
	return row
}

// guardCell defends against CSV formula injection: a spreadsheet opening
// grades.csv runs a cell that starts with =, +, - or @ (and some also one
// starting with a tab or carriage return) as a formula, so a submission
// named "=HYPERLINK(...)" could run in the instructor's spreadsheet. Such a
// cell gets a leading apostrophe, which spreadsheets read as "this is
// text" (OWASP's advice). It is applied to every text cell: the header, the
// submission's name and its status; points are numbers and are left alone,
// so a negative score stays a number.
func guardCell(s string) string {
	if s != "" && strings.ContainsRune("=+-@\t\r", rune(s[0])) {
		return "'" + s
	}
	return s
}
