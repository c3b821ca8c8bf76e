package web

import (
	"context"
	"strings"

	"harnesslab/grader"
)

// cellComparison is one cell run on the student's code beside the same cell
// run on the reference solution.
type cellComparison struct {
	Name string
	Same bool
	Rows []diffRow
}

// diffRow is one line of two outputs lined up: Ref and Yours are empty on
// the side that lacks the line; Differs marks a row whose sides differ.
type diffRow struct {
	Ref, Yours string
	Differs    bool
}

// compareCells runs the lesson's cells on the student's copy and lines each
// output up with the reference's. The error, in words, is for the page.
func (s *Site) compareCells(ctx context.Context, l *grader.Lesson) ([]cellComparison, string) {
	ref, err := s.referenceCells(l)
	if err != nil {
		return nil, "The reference cells could not be read: " + err.Error()
	}
	if len(ref) == 0 {
		return nil, ""
	}
	mine, err := s.Engine.RunCells(ctx, l, grader.Source{}, s.cellTimeout())
	if err != nil {
		return nil, "Your code could not run the lesson's cells: " + err.Error()
	}
	yours := map[string]string{}
	for _, c := range mine {
		yours[c.Name] = c.Output
	}
	var out []cellComparison
	for _, c := range ref {
		rows := lineDiff(c.Output, yours[c.Name])
		same := true
		for _, r := range rows {
			same = same && !r.Differs
		}
		out = append(out, cellComparison{Name: c.Name, Same: same, Rows: rows})
	}
	return out, ""
}

// lineDiff lines two texts up line by line (a longest common subsequence)
// and marks the lines that differ. A changed line is shown on one row, its
// two versions side by side.
func lineDiff(a, b string) []diffRow {
	x := strings.Split(strings.TrimRight(a, "\n"), "\n")
	y := strings.Split(strings.TrimRight(b, "\n"), "\n")
	n, m := len(x), len(y)
	lcs := make([][]int, n+1)
	for i := range lcs {
		lcs[i] = make([]int, m+1)
	}
	for i := n - 1; i >= 0; i-- {
		for j := m - 1; j >= 0; j-- {
			if x[i] == y[j] {
				lcs[i][j] = lcs[i+1][j+1] + 1
			} else {
				lcs[i][j] = max(lcs[i+1][j], lcs[i][j+1])
			}
		}
	}
	var rows []diffRow
	var onlyA, onlyB []string
	flush := func() {
		for k := 0; k < max(len(onlyA), len(onlyB)); k++ {
			r := diffRow{Differs: true}
			if k < len(onlyA) {
				r.Ref = onlyA[k]
			}
			if k < len(onlyB) {
				r.Yours = onlyB[k]
			}
			rows = append(rows, r)
		}
		onlyA, onlyB = nil, nil
	}
	i, j := 0, 0
	for i < n || j < m {
		switch {
		case i < n && j < m && x[i] == y[j]:
			flush()
			rows = append(rows, diffRow{Ref: x[i], Yours: y[j]})
			i, j = i+1, j+1
		case j < m && (i == n || lcs[i][j+1] >= lcs[i+1][j]):
			onlyB = append(onlyB, y[j])
			j++
		default:
			onlyA = append(onlyA, x[i])
			i++
		}
	}
	flush()
	return rows
}
