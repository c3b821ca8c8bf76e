package report

import (
	"encoding/xml"
	"fmt"
	"harnesslab/grader/results"
	"io"
	"strings"
	"time"
)

// The JUnit XML schema as Jenkins, GitLab and the GitHub test reporters
// read it (the Ant junit task's format).
type junitSuites struct {
	XMLName  xml.Name     `xml:"testsuites"`
	Name     string       `xml:"name,attr"`
	Tests    int          `xml:"tests,attr"`
	Failures int          `xml:"failures,attr"`
	Errors   int          `xml:"errors,attr"`
	Time     string       `xml:"time,attr"`
	Suites   []junitSuite `xml:"testsuite"`
}

type junitSuite struct {
	Name       string          `xml:"name,attr"`
	Tests      int             `xml:"tests,attr"`
	Failures   int             `xml:"failures,attr"`
	Errors     int             `xml:"errors,attr"`
	Time       string          `xml:"time,attr"`
	Properties []junitProperty `xml:"properties>property"`
	Cases      []junitCase     `xml:"testcase"`
}

type junitProperty struct {
	Name  string `xml:"name,attr"`
	Value string `xml:"value,attr"`
}

type junitCase struct {
	Name      string        `xml:"name,attr"`
	Classname string        `xml:"classname,attr"`
	Time      string        `xml:"time,attr"`
	Failure   *junitProblem `xml:"failure"`
	Error     *junitProblem `xml:"error"`
	SystemOut *junitText    `xml:"system-out"`
}

// junitProblem is a failure (a check found a wrong value, panicked, timed
// out) or an error (the check could not run at all).
type junitProblem struct {
	Message string `xml:"message,attr"`
	Type    string `xml:"type,attr"`
	Text    string `xml:",cdata"`
}

type junitText struct {
	Text string `xml:",cdata"`
}

// WriteJUnit writes the submissions as JUnit XML (junit.xml): one testsuite
// per submission, sorted by name and named by DisplayName (a tab shows as
// \t), with the score, maximum, status and folder as properties; one
// testcase per check, named by the check's short name, its classname
// "lessonNN.<submission>" (dots in the submission's name become
// underscores, since dashboards split classnames at dots into packages).
//
// A failed check has a failure element: its message the first line of the
// check's message, its body the whole message and details; what student
// code printed goes to the testcase's system-out. A submission whose checks
// did not run (nocompile, missing, ...) keeps one testcase per check, each
// with an error element carrying the status message: JUnit's "error" means
// "could not run", which Jenkins, GitLab and the GitHub reporters count and
// show apart from failures, and keeping every check as a testcase keeps each
// check's history and the test count the same across submissions. A
// submission with no checks at all gets one testcase named "submission".
//
// Times are in seconds; the testsuites element's time is the sum of the
// submissions' times, not the run's wall time. There is no timestamp, so the
// same results give the same bytes. Student text is cleaned of characters
// XML does not allow.
func WriteJUnit(w io.Writer, subs []Submission, opt Options) error {
	lesson, err := runLesson(resultsOf(subs), opt)
	if err != nil {
		return fmt.Errorf("write JUnit XML: %w", err)
	}
	doc := junitSuites{Name: "lesson " + lesson}
	var total time.Duration
	for _, sub := range prepareAll(subs, opt) {
		r := sub.Result
		s := junitSuiteOf(r)
		s.Properties = append(s.Properties, junitProperty{Name: "folder", Value: cleanText(sub.Folder)})
		doc.Suites = append(doc.Suites, s)
		doc.Tests += s.Tests
		doc.Failures += s.Failures
		doc.Errors += s.Errors
		total += r.Duration
	}
	doc.Time = seconds(total)
	if _, err := io.WriteString(w, xml.Header); err != nil {
		return fmt.Errorf("write JUnit XML: %w", err)
	}
	enc := xml.NewEncoder(w)
	enc.Indent("", "  ")
	if err := enc.Encode(doc); err != nil {
		return fmt.Errorf("write JUnit XML: %w", err)
	}
	if _, err := io.WriteString(w, "\n"); err != nil {
		return fmt.Errorf("write JUnit XML: %w", err)
	}
	return nil
}

// junitSuiteOf is the testsuite of one submission.
func junitSuiteOf(r results.Result) junitSuite {
	s := junitSuite{
		Name: DisplayName(r.Name),
		Time: seconds(r.Duration),
		Properties: []junitProperty{
			{Name: "score", Value: formatPoints(r.Score)},
			{Name: "max_score", Value: formatPoints(r.MaxScore)},
			{Name: "status", Value: string(r.Status)},
		},
	}
	class := cleanText("lesson" + r.Lesson + "." + strings.ReplaceAll(DisplayName(r.Name), ".", "_"))
	var notRun *junitProblem
	if !ran(r) {
		msg := cleanText(statusMessage(r))
		notRun = &junitProblem{Message: firstLine(msg), Type: string(r.Status), Text: msg}
	}
	if len(r.Checks) == 0 {
		s.Cases = append(s.Cases, junitCase{Name: "submission", Classname: class, Time: seconds(0), Error: notRun})
	}
	for _, c := range r.Checks {
		tc := junitCase{Name: cleanText(c.Name), Classname: class, Time: seconds(c.Duration)}
		switch {
		case notRun != nil:
			tc.Error = notRun
		case !c.Passed:
			kind := c.Kind
			if kind == "" {
				kind = "failed"
			}
			out := c
			out.Output = "" // in system-out
			text := cleanText(checkText(out))
			tc.Failure = &junitProblem{Message: firstLine(text), Type: string(kind), Text: text}
		}
		if c.Output != "" {
			tc.SystemOut = &junitText{Text: cleanText(c.Output)}
		}
		s.Cases = append(s.Cases, tc)
	}
	for _, tc := range s.Cases {
		s.Tests++
		if tc.Failure != nil {
			s.Failures++
		}
		if tc.Error != nil {
			s.Errors++
		}
	}
	return s
}
