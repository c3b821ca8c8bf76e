package report

import (
	"harnesslab/grader/results"
	"math"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"
)

// statusText says in words what a status means, for a result that carries
// no message of its own.
var statusText = map[results.Status]string{
	results.StatusPassed:     "Every check passed.",
	results.StatusFailed:     "Some checks failed.",
	results.StatusNoCompile:  "The submission does not compile.",
	results.StatusRejected:   "A student file imports a package the lesson does not allow, or names the wrong package.",
	results.StatusMissing:    "A student file is missing or misnamed.",
	results.StatusEmpty:      "The submission holds no files.",
	results.StatusBadArchive: "The archive is corrupt, unsafe or too big.",
	results.StatusBadSource:  "A student file is not UTF-8 text, or is too big.",
	results.StatusKitError:   "The grader failed on this submission; this is not the student's fault.",
}

// statusOrder is the order statuses are listed in totals.
var statusOrder = []results.Status{
	results.StatusPassed, results.StatusFailed, results.StatusNoCompile,
	results.StatusRejected, results.StatusMissing, results.StatusEmpty,
	results.StatusBadArchive, results.StatusBadSource, results.StatusKitError,
}

// ran reports whether the checks of r ran, so that each check's own
// outcome means something.
func ran(r results.Result) bool {
	return r.Status == results.StatusPassed || r.Status == results.StatusFailed
}

// statusMessage is why r has its status, in words.
func statusMessage(r results.Result) string {
	if r.Message != "" {
		return r.Message
	}
	if s, ok := statusText[r.Status]; ok {
		return s
	}
	return "The submission was not graded (status " + string(r.Status) + ")."
}

// checkText is the full account of a failed check: its message, the
// details the check logged, and what the student's code printed.
func checkText(c results.CheckResult) string {
	var b strings.Builder
	if c.Message != "" {
		b.WriteString(c.Message)
	} else {
		b.WriteString("This check did not pass.")
	}
	if len(c.Details) > 0 {
		b.WriteString("\n")
		for _, d := range c.Details {
			b.WriteString("\n" + d)
		}
	}
	if c.Output != "" {
		b.WriteString("\n\nWhat your code printed:\n" + strings.TrimRight(c.Output, "\n"))
	}
	return b.String()
}

// firstLine is s up to its first newline.
func firstLine(s string) string {
	line, _, _ := strings.Cut(s, "\n")
	return strings.TrimRight(line, "\r")
}

// cleanText makes student text safe for formats and readers that reject
// control characters: invalid UTF-8 and every character XML 1.0 does not
// allow (C0 controls other than tab and newline, U+FFFE, U+FFFF) become
// U+FFFD, and line endings become "\n". Tabs and newlines are kept.
// encoding/xml does the same for escaped text but not for CDATA, and JSON
// would carry a NUL that some back ends (Gradescope's among them, being
// stored as text) refuse.
func cleanText(s string) string {
	s = strings.ReplaceAll(s, "\r\n", "\n")
	if !strings.ContainsFunc(s, badRune) && utf8.ValidString(s) {
		return s
	}
	s = strings.ToValidUTF8(s, "\uFFFD")
	return strings.Map(func(r rune) rune {
		if r == '\r' {
			return '\n'
		}
		if badRune(r) {
			return '\uFFFD'
		}
		return r
	}, s)
}

// badRune reports whether r is not allowed in XML 1.0 text, or is a
// carriage return (kept out so line endings are uniform).
func badRune(r rune) bool {
	switch {
	case r == '\t' || r == '\n':
		return false
	case r < 0x20:
		return true
	case r >= 0xD800 && r <= 0xDFFF, r == 0xFFFE, r == 0xFFFF:
		return true
	}
	return false
}

// roundPoints rounds points to 4 decimal places, so that sums of
// fractional points print as people expect (0.3, not 0.30000000000000004).
func roundPoints(x float64) float64 {
	return math.Round(x*1e4) / 1e4
}

// formatPoints writes points in the shortest form: 2, 1.5, 0.3333.
func formatPoints(x float64) string {
	return strconv.FormatFloat(roundPoints(x), 'f', -1, 64)
}

// seconds is d in seconds with 3 decimals, as JUnit writes times.
func seconds(d time.Duration) string {
	return strconv.FormatFloat(d.Seconds(), 'f', 3, 64)
}

// sortedByName returns a copy of results sorted by submission name; results
// with the same name keep their order.
func sortedByName(all []results.Result) []results.Result {
	out := slices.Clone(all)
	slices.SortStableFunc(out, func(a, b results.Result) int { return strings.Compare(a.Name, b.Name) })
	return out
}

// prepare returns r ready to write: with every duration zeroed when opt
// asks for it. r itself is not changed.
func prepare(r results.Result, opt Options) results.Result {
	if !opt.ZeroDurations {
		return r
	}
	r.Duration = 0
	if r.Checks != nil {
		r.Checks = slices.Clone(r.Checks)
		for i := range r.Checks {
			r.Checks[i].Duration = 0
		}
	}
	return r
}

// prepareAll sorts submissions by name and prepares each result.
func prepareAll(subs []Submission, opt Options) []Submission {
	out := slices.Clone(subs)
	slices.SortStableFunc(out, func(a, b Submission) int { return strings.Compare(a.Name, b.Name) })
	for i := range out {
		out[i].Result = prepare(out[i].Result, opt)
	}
	return out
}

// resultsOf is the results of subs, in order.
func resultsOf(subs []Submission) []results.Result {
	out := make([]results.Result, len(subs))
	for i, s := range subs {
		out[i] = s.Result
	}
	return out
}
