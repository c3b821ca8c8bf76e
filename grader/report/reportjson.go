package report

import (
	"fmt"
	"io"

	"harnesslab/grader/results"
)

// The format name and version report.json declares. The version changes
// when a field changes meaning or goes away; new fields may be added
// within a version.
const (
	ReportFormat  = "harnesslab-report"
	ReportVersion = 1
)

// MaxTranscriptBytes is about how much transcript JSON report.json keeps
// for one check of one submission. Past it a transcript keeps its first
// events and is marked as cut ("cut": true and a note saying how many events
// are missing).
const MaxTranscriptBytes = 48 << 10

// Report is the document in report.json: every submission's full result
// and a summary. It holds no timestamps, so the same results give the same
// bytes (with Options.ZeroDurations, timings included).
type Report struct {
	Format      string       `json:"format"`       // ReportFormat
	Version     int          `json:"version"`      // ReportVersion
	Lesson      string       `json:"lesson"`       // the lesson number, "02"
	KitVersion  string       `json:"kit_version"`  // the kit's version, from Options.KitVersion
	GeneratedBy string       `json:"generated_by"` // "labrun"
	Submissions []Submission `json:"submissions"`  // sorted by name, each with its folder
	Summary     Summary      `json:"summary"`
	// Incomplete is true when the run was stopped before every submission
	// was graded (added within version 1: absent means complete). Left is
	// how many were not graded; `labrun grade --resume` grades them.
	Incomplete bool `json:"incomplete,omitempty"`
	Left       int  `json:"left,omitempty"`
}

// WriteReport writes the submissions to w as report.json, a Report.
// Durations are in nanoseconds, as results.Result encodes them. Names are
// written as they are: JSON escapes what needs escaping.
func WriteReport(w io.Writer, subs []Submission, opt Options) error {
	lesson, err := runLesson(resultsOf(subs), opt)
	if err != nil {
		return fmt.Errorf("write report: %w", err)
	}
	subs = prepareAll(subs, opt)
	if subs == nil {
		subs = []Submission{}
	}
	for i := range subs {
		subs[i].Checks = results.CapTranscripts(subs[i].Checks, MaxTranscriptBytes)
		if subs[i].Checks == nil {
			subs[i].Checks = []results.CheckResult{} // "checks": [], so readers can always iterate
		}
	}
	doc := Report{
		Format:      ReportFormat,
		Version:     ReportVersion,
		Lesson:      lesson,
		KitVersion:  opt.KitVersion,
		GeneratedBy: "labrun",
		Submissions: subs,
		Summary:     Summarize(resultsOf(subs)),
		Incomplete:  opt.Left > 0,
		Left:        max(opt.Left, 0),
	}
	if err := encodeJSON(w, doc); err != nil {
		return fmt.Errorf("write report: %w", err)
	}
	return nil
}

// runLesson is the lesson of a run: opt.Lesson, or else the lesson of the
// results. Results for another lesson are an error, not a report.
func runLesson(all []results.Result, opt Options) (string, error) {
	lesson := opt.Lesson
	for _, r := range all {
		switch {
		case r.Lesson == "" || r.Lesson == lesson:
		case lesson == "":
			lesson = r.Lesson
		default:
			return "", fmt.Errorf("submission %q is for lesson %q, not %q", r.Name, r.Lesson, lesson)
		}
	}
	return lesson, nil
}
