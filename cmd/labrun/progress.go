package main

import (
	"fmt"
	"io"
	"os"
	"strings"
	"time"
	"unicode/utf8"

	"golang.org/x/term"

	"harnesslab/grader/report"
	"harnesslab/grader/results"
)

// isTerminal reports whether w is a terminal, where a progress line that
// redraws itself makes sense (and not a file or a pipe, where it would be
// noise).
func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	return ok && term.IsTerminal(int(f.Fd()))
}

// terminalWidth is the width of the terminal f, or 80 when it cannot be
// told.
func terminalWidth(f *os.File) int {
	if w, _, err := term.GetSize(int(f.Fd())); err == nil && w > 0 {
		return w
	}
	return 80
}

// progressBar returns the grading run's progress callback for the terminal
// w: it redraws one line after each submission, and ends it when the last
// one is done. Its clock starts now, before the run compiles what the
// submissions share, so the first estimates lean long and then settle.
func progressBar(w *os.File) func(done, total int, last *results.Result) {
	start := time.Now()
	return func(done, total int, last *results.Result) {
		line := progressLine(done, total, time.Since(start), last, terminalWidth(w))
		fmt.Fprintf(w, "\r%s\x1b[K", line)
		if done >= total {
			fmt.Fprintln(w)
		}
	}
}

// barWidth is the number of cells of the bar itself.
const barWidth = 20

// progressLine is the progress line after done of total submissions, in
// elapsed time since grading began, the last one finished being last:
//
//	[########            ] 16/40  2.1 s/submission  about 50s left  alice  passed
//
// The rate is in submissions per second when more than one finishes each
// second, and in seconds per submission otherwise; the time left assumes
// the rest go at the same rate. The line is cut to fit in width columns, so
// the terminal never wraps it (a wrapped line cannot be redrawn).
func progressLine(done, total int, elapsed time.Duration, last *results.Result, width int) string {
	total = max(total, 1)
	done = min(max(done, 0), total)
	filled := barWidth * done / total
	parts := []string{
		fmt.Sprintf("[%s%s] %d/%d", strings.Repeat("#", filled), strings.Repeat(" ", barWidth-filled), done, total),
	}
	if done > 0 && elapsed > 0 {
		parts = append(parts, rateText(done, elapsed))
		if done < total {
			left := elapsed * time.Duration(total-done) / time.Duration(done)
			parts = append(parts, "about "+shortDuration(left)+" left")
		} else {
			parts = append(parts, "done in "+shortDuration(elapsed))
		}
	}
	if last != nil {
		parts = append(parts, cutRunes(report.DisplayName(last.Name), 24), report.DisplayName(string(last.Status)))
	}
	return cutRunes(strings.Join(parts, "  "), width-1)
}

// rateText is how fast submissions are graded: "3.2 submissions/s", or
// "2.1 s/submission" when each takes more than a second.
func rateText(done int, elapsed time.Duration) string {
	perSecond := float64(done) / elapsed.Seconds()
	if perSecond >= 1 {
		return fmt.Sprintf("%.1f submissions/s", perSecond)
	}
	return fmt.Sprintf("%.1f s/submission", elapsed.Seconds()/float64(done))
}

// shortDuration writes d to the second, or as hours and minutes when
// longer than an hour: "45s", "2m05s", "1h20m".
func shortDuration(d time.Duration) string {
	d = d.Round(time.Second)
	switch {
	case d < time.Minute:
		return fmt.Sprintf("%ds", int(d.Seconds()))
	case d < time.Hour:
		return fmt.Sprintf("%dm%02ds", int(d.Minutes()), int(d.Seconds())%60)
	default:
		return fmt.Sprintf("%dh%02dm", int(d.Hours()), int(d.Minutes())%60)
	}
}

// cutRunes cuts s to at most n characters, ending in "..." when cut.
func cutRunes(s string, n int) string {
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	if n <= 3 {
		return string([]rune(s)[:max(n, 0)])
	}
	return string([]rune(s)[:n-3]) + "..."
}
