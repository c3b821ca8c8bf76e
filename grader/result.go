package grader

import "time"

// Status is the outcome of checking one copy of a lesson.
type Status string

// The outcomes. Only StatusPassed means every check passed; the others each
// come with a Message saying what happened, in words for the student.
const (
	StatusPassed     Status = "passed"      // every check passed
	StatusFailed     Status = "failed"      // it built and ran, and some checks failed
	StatusNoCompile  Status = "nocompile"   // the student files do not compile
	StatusRejected   Status = "rejected"    // a student file steps outside what the lesson allows: an import, the package name, a goroutine, a directive
	StatusMissing    Status = "missing"     // a student file is missing or misnamed
	StatusEmpty      Status = "empty"       // the submission holds nothing
	StatusBadArchive Status = "bad_archive" // the archive is corrupt, unsafe or too big
	StatusBadSource  Status = "bad_source"  // a student file is not UTF-8 text, or is too big
	StatusKitError   Status = "kit_error"   // the kit itself failed (not the student's fault)
)

// CheckResult is the outcome of one check.
type CheckResult struct {
	Name      string        `json:"name"`               // the script's name, without its order prefix
	Sentence  string        `json:"sentence"`           // what the check expects, in one sentence
	Lab       int           `json:"lab"`                // which lab of the lesson it belongs to
	Passed    bool          `json:"passed"`             //
	Kind      string        `json:"kind,omitempty"`     // how it failed: failed, not_written, panic, timeout, script, nocompile, ...
	Message   string        `json:"message,omitempty"`  // the failure in words; empty when passed
	Details   []string      `json:"details,omitempty"`  // context the check logged
	Output    string        `json:"output,omitempty"`   // what student code printed during the check, capped
	Points    float64       `json:"points"`             // earned
	MaxPoints float64       `json:"max_points"`         //
	Hidden    bool          `json:"hidden,omitempty"`   // hidden from students in Gradescope
	Duration  time.Duration `json:"duration,omitempty"` // how long it ran
}

// Result is the outcome of checking one copy of a lesson: a student's folder,
// or one submission in a grading run.
type Result struct {
	Name     string        `json:"name"`              // the submission's name (its base name without extension)
	Lesson   string        `json:"lesson"`            // the lesson number, "02"
	Status   Status        `json:"status"`            //
	Message  string        `json:"message,omitempty"` // why, when the status is not passed or failed
	Score    float64       `json:"score"`             //
	MaxScore float64       `json:"max_score"`         //
	Checks   []CheckResult `json:"checks"`            // one per check, in order
	Ignored  []string      `json:"ignored,omitempty"` // files in the submission that were not taken
	Duration time.Duration `json:"duration"`          // wall time for this submission
}
