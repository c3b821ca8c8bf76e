package results

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

// Kind says how one check failed.
type Kind string

// The kinds of failure. A check that did not run because its copy could not
// be run has the copy's Status as its kind (see Status.Kind).
const (
	KindFailed     Kind = "failed"      // the check found a wrong value
	KindNotWritten Kind = "not_written" // a gap still panics with "...: not written yet"
	KindPanic      Kind = "panic"       // student code panicked or crashed the check program
	KindTimeout    Kind = "timeout"     // the check did not finish in its time, or the run was stopped first
	KindScript     Kind = "script"      // student code asked the scripted model for more replies than it held
	KindKitError   Kind = "kit_error"   // the kit failed to run the check (not the student's fault)
)

// Kind is the kind of a check that did not run because its copy got status s.
func (s Status) Kind() Kind { return Kind(s) }

// Known reports whether k is one of the kinds above (or empty, a pass).
func (k Kind) Known() bool {
	switch k {
	case "", KindFailed, KindNotWritten, KindPanic, KindTimeout, KindScript, KindKitError:
		return true
	}
	return false
}
