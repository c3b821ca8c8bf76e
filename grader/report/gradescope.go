package report

import (
	"encoding/json"
	"fmt"
	"harnesslab/grader/results"
	"io"
	"math"
	"strings"
)

// Gradescope's autograder results format, as its "Autograder
// Specifications" page documents it. Only the fields written here are
// declared.
type gsResults struct {
	Score         float64 `json:"score"`          // overrides the sum of the tests' scores
	ExecutionTime float64 `json:"execution_time"` // seconds
	Output        string  `json:"output"`         // shown above the tests
	// OutputFormat is "text": the default for the top-level output is
	// "simple_format", which renders HTML, and compiler messages hold
	// "<" and "&".
	OutputFormat     string   `json:"output_format"`
	Visibility       string   `json:"visibility"`
	StdoutVisibility string   `json:"stdout_visibility"` // hidden: what labrun prints is for instructors
	Tests            []gsTest `json:"tests"`
}

// gsTest is one test case; its output and name default to the "text"
// format, shown as written.
type gsTest struct {
	Name       string  `json:"name"`
	Number     string  `json:"number"` // shown before the name, and orders the tests
	Score      float64 `json:"score"`
	MaxScore   float64 `json:"max_score"`
	Status     string  `json:"status"` // passed or failed, whatever the points (fractional points are not partial passes)
	Output     string  `json:"output"`
	Visibility string  `json:"visibility"`
}

// Gradescope visibility values. "hidden" is Gradescope's "never shown to
// students" (instructors always see every test), which is what
// CheckResult.Hidden means; "after_published" would show the check to
// students once grades are published.
const (
	gsVisible = "visible"
	gsHidden  = "hidden"
)

// WriteGradescope writes r to w as Gradescope's autograder results
// (results.json): the score, a short text for the student, and one test per
// check, its name the check's sentence followed by its short name in
// brackets, its number "lab.n". A submission whose checks did not run
// (nocompile, missing, ...) still gets one test per check, each with score
// 0 and the status message, so the gradebook has every column; with no
// checks at all it gets a single test worth the maximum score.
func WriteGradescope(w io.Writer, r results.Result, opt Options) error {
	r = prepare(r, opt)
	doc := gsResults{
		Score:            roundPoints(r.Score),
		ExecutionTime:    math.Round(r.Duration.Seconds()*100) / 100,
		Output:           cleanText(gsSummary(r)),
		OutputFormat:     "text",
		Visibility:       gsVisible,
		StdoutVisibility: gsHidden,
		Tests:            gsTests(r),
	}
	if err := encodeJSON(w, doc); err != nil {
		return fmt.Errorf("write Gradescope results for %s: %w", DisplayName(r.Name), err)
	}
	return nil
}

// gsSummary is the text for the whole submission. It counts only the
// checks students can see, so it gives nothing away about hidden ones.
func gsSummary(r results.Result) string {
	var text string
	if ran(r) {
		passed, visible, hidden := 0, 0, 0
		for _, c := range r.Checks {
			switch {
			case c.Hidden:
				hidden++
			case c.Passed:
				passed++
				visible++
			default:
				visible++
			}
		}
		switch {
		case visible == 0:
			text = "The checks of this lesson are hidden from students."
		case passed == visible && visible == 1:
			text = "The check passed."
		case passed == visible:
			text = fmt.Sprintf("All %d checks passed.", visible)
		default:
			text = fmt.Sprintf("%d of %d %s passed.", passed, visible, plural(visible, "check", "checks"))
		}
		if hidden > 0 && visible > 0 {
			text += fmt.Sprintf(" %d more %s hidden from students.", hidden, plural(hidden, "check is", "checks are"))
		}
	} else {
		text = statusMessage(r)
	}
	if len(r.Notes) > 0 {
		text += "\n\n" + strings.Join(r.Notes, "\n")
	}
	if len(r.Ignored) > 0 {
		text += "\n\nIgnored (not part of the lesson): " + strings.Join(r.Ignored, ", ")
	}
	return text
}

// gsTests is one Gradescope test per check of r.
func gsTests(r results.Result) []gsTest {
	if len(r.Checks) == 0 {
		return []gsTest{{
			Name:       "Submission",
			Number:     "1",
			MaxScore:   roundPoints(r.MaxScore),
			Status:     "failed",
			Output:     cleanText(statusMessage(r)),
			Visibility: gsVisible,
		}}
	}
	tests := make([]gsTest, 0, len(r.Checks))
	for _, c := range r.Checks {
		t := gsTest{
			Name:       checkTitle(c),
			Number:     c.Number,
			Score:      roundPoints(c.Points),
			MaxScore:   roundPoints(c.MaxPoints),
			Status:     "passed",
			Visibility: gsVisible,
		}
		if c.Hidden {
			t.Visibility = gsHidden
		}
		switch {
		case !ran(r):
			t.Score, t.Status, t.Output = 0, "failed", statusMessage(r)
		case !c.Passed:
			t.Status, t.Output = "failed", checkText(c)
		}
		t.Name, t.Output = cleanText(t.Name), cleanText(t.Output)
		tests = append(tests, t)
	}
	return tests
}

// checkTitle is a check's name as Gradescope shows it: the sentence the
// student reads, then the check's short name in brackets.
func checkTitle(c results.CheckResult) string {
	if c.Sentence == "" {
		return c.Name
	}
	return c.Sentence + " [" + c.Name + "]"
}

// plural picks one or many by n.
func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// encodeJSON writes v as indented JSON without HTML escaping, so "<" and
// "&" in messages stay readable.
func encodeJSON(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	return enc.Encode(v)
}
