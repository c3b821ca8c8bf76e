package report

import (
	"fmt"
	"harnesslab/grader/results"
	"io"
	"slices"
	"strings"
	"text/tabwriter"
)

// Summary counts the outcomes of a run.
type Summary struct {
	Submissions int                    `json:"submissions"`
	ByStatus    map[results.Status]int `json:"by_status"`  // only statuses that occur
	MeanScore   float64                `json:"mean_score"` // rounded to 4 decimals; 0 with no submissions
	MaxScore    float64                `json:"max_score"`  // the largest max_score of any submission (they normally agree)
}

// Summarize counts the outcomes of results.
func Summarize(all []results.Result) Summary {
	s := Summary{Submissions: len(all), ByStatus: map[results.Status]int{}}
	var total float64
	for _, r := range all {
		s.ByStatus[r.Status]++
		total += r.Score
		s.MaxScore = max(s.MaxScore, r.MaxScore)
	}
	if len(all) > 0 {
		s.MeanScore = roundPoints(total / float64(len(all)))
	}
	s.MaxScore = roundPoints(s.MaxScore)
	return s
}

// WriteSummary writes the table labrun prints at the end of a run: one row
// per submission (name, score, max, status), sorted by name and aligned,
// then a totals line:
//
//	SUBMISSION  SCORE  MAX  STATUS
//	alice       6      6    passed
//	bob         1.5    6    failed
//
//	2 submissions: 1 passed, 1 failed. Mean score 3.75 of 6.
//
// A name holding characters that are not printable (a terminal escape, a
// tab) is shown escaped (DisplayName), so it cannot disturb the terminal or
// the columns.
func WriteSummary(w io.Writer, all []results.Result) error {
	all = sortedByName(all)
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "SUBMISSION\tSCORE\tMAX\tSTATUS")
	for _, r := range all {
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\n", DisplayName(r.Name), formatPoints(r.Score), formatPoints(r.MaxScore), DisplayName(string(r.Status)))
	}
	if err := tw.Flush(); err != nil {
		return fmt.Errorf("write summary: %w", err)
	}
	if _, err := fmt.Fprintf(w, "\n%s\n", totalsLine(Summarize(all))); err != nil {
		return fmt.Errorf("write summary: %w", err)
	}
	return nil
}

// totalsLine is "3 submissions: 1 passed, 2 failed. Mean score 4 of 6."
func totalsLine(s Summary) string {
	var counts []string
	for _, st := range knownFirst(s.ByStatus) {
		counts = append(counts, fmt.Sprintf("%d %s", s.ByStatus[st], DisplayName(string(st))))
	}
	line := fmt.Sprintf("%d %s", s.Submissions, plural(s.Submissions, "submission", "submissions"))
	if len(counts) > 0 {
		line += ": " + strings.Join(counts, ", ")
	}
	return line + fmt.Sprintf(". Mean score %s of %s.", formatPoints(s.MeanScore), formatPoints(s.MaxScore))
}

// knownFirst lists the statuses in counts: the known ones in statusOrder,
// then any others sorted.
func knownFirst(counts map[results.Status]int) []results.Status {
	var out, other []results.Status
	for _, st := range statusOrder {
		if counts[st] > 0 {
			out = append(out, st)
		}
	}
	for st := range counts {
		if !slices.Contains(statusOrder, st) {
			other = append(other, st)
		}
	}
	slices.Sort(other)
	return append(out, other...)
}
