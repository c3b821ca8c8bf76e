package intake

import "harnesslab/grader/results"

// Kinds of Problem. Each is the grader's status for the submission.
const (
	ProblemEmpty      = results.StatusEmpty      // the submission holds no files
	ProblemMissing    = results.StatusMissing    // a student file is missing or misnamed
	ProblemBadArchive = results.StatusBadArchive // the archive is corrupt, unsafe or too big
	ProblemBadSource  = results.StatusBadSource  // a student file is not UTF-8 text, holds NUL bytes, is too big or is a link
	ProblemKitError   = results.StatusKitError   // the grader could not do its part (bad arguments, a full disk)
)

// Submission is what was taken from one source.
type Submission struct {
	Name string // the source's name
	// Dir is a fresh folder under the work folder (mode 0700) holding only the
	// student files taken (mode 0600), at their paths in the lesson. It exists
	// whenever Take could create it, even with a Problem; the caller removes it.
	Dir   string
	Files []string // the student files taken, in the order the lesson lists them
	// Ignored lists every other file in the submission, relative to it,
	// sorted, capped at 200 lines and a last "... and N more". Folders are not
	// listed, nor a student file that was found but refused (its Problem tells
	// of it). It is nil when the archive was refused as a whole.
	Ignored []string
	// Notes say what was done that the student should know, though it
	// changes no verdict: a student file taken from a folder the lesson
	// does not put it in, the one place the submission holds it.
	Notes   []string
	Problem *Problem // nil when every student file was taken
}

// Problem says why a submission cannot be graded as it is.
type Problem struct {
	Kind    results.Status // one of the Problem* kinds
	Message string         // what was wrong and what to do, in words for people
}

// Error makes a Problem usable as an error: it returns the message.
func (p *Problem) Error() string { return p.Message }

func problem(kind results.Status, message string) *Problem {
	return &Problem{Kind: kind, Message: message}
}
