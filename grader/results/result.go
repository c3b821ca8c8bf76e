package results

import (
	"sort"
	"strconv"
	"time"

	"harnesslab/lab"
)

// CheckResult is the outcome of one check.
type CheckResult struct {
	Name      string        `json:"name"`               // the script's name, without its order prefix
	Number    string        `json:"number,omitempty"`   // its number in the lesson, lab by lab: "2.3"
	Sentence  string        `json:"sentence"`           // what the check expects, in one sentence
	Lab       int           `json:"lab"`                // which lab of the lesson it belongs to
	Passed    bool          `json:"passed"`             // true only on a verdict carrying the run's secret
	Kind      Kind          `json:"kind,omitempty"`     // how it failed; empty when passed
	Message   string        `json:"message,omitempty"`  // the failure in words; empty when passed
	Details   []string      `json:"details,omitempty"`  // context the check logged
	Output    string        `json:"output,omitempty"`   // what student code printed during the check, capped
	Points    float64       `json:"points"`             // earned
	MaxPoints float64       `json:"max_points"`         // what the check is worth
	Hidden    bool          `json:"hidden,omitempty"`   // hidden from students in Gradescope
	Duration  time.Duration `json:"duration,omitempty"` // how long it ran
	// Transcripts are the runs the check recorded: what the student's code
	// sent the model, what came back, which tools ran. A report may cut
	// them to a size (see CapTranscripts); a cut one says so.
	Transcripts []lab.Transcript `json:"transcripts,omitempty"`
}

// Result is the outcome of checking one copy of a lesson: a student's folder,
// or one submission in a grading run.
type Result struct {
	Name     string        `json:"name"`              // the submission's name (its base name without extension)
	Lesson   string        `json:"lesson"`            // the lesson number, "02"
	Status   Status        `json:"status"`            // the outcome as a whole
	Message  string        `json:"message,omitempty"` // why, when the status is not passed
	Score    float64       `json:"score"`             // points earned
	MaxScore float64       `json:"max_score"`         // points of every check
	Checks   []CheckResult `json:"checks"`            // one per check, in order
	Ignored  []string      `json:"ignored,omitempty"` // files in the submission that were not taken
	Notes    []string      `json:"notes,omitempty"`   // what was done that changes no verdict: a student file taken from a folder of its own
	Stopped  bool          `json:"stopped,omitempty"` // the run was stopped (its time limit, or an interrupt) before every check gave a verdict
	Duration time.Duration `json:"duration"`          // wall time for this submission
}

// FailedChecks returns the names of the checks r failed, sorted.
func (r *Result) FailedChecks() []string {
	var out []string
	for _, c := range r.Checks {
		if !c.Passed {
			out = append(out, c.Name)
		}
	}
	sort.Strings(out)
	return out
}

// LabNumbers numbers checks from their labs, in order: "lab.n", n counting
// the checks of each lab. It is the one numbering of checks: the lesson model
// gives each check its number with it, and every view shows that number.
func LabNumbers(labs []int) []string {
	out := make([]string, len(labs))
	inLab := map[int]int{}
	for i, lab := range labs {
		inLab[lab]++
		out[i] = strconv.Itoa(lab) + "." + strconv.Itoa(inLab[lab])
	}
	return out
}

// Renumber gives checks built by hand (a test's fixtures) the numbers the
// lesson model would give them.
func Renumber(checks []CheckResult) {
	labs := make([]int, len(checks))
	for i, c := range checks {
		labs[i] = c.Lab
	}
	for i, n := range LabNumbers(labs) {
		checks[i].Number = n
	}
}
