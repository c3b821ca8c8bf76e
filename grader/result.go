package grader

import "harnesslab/grader/results"

// Status is the outcome of checking one copy of a lesson (see package results).
type Status = results.Status

// Kind says how one check failed (see package results).
type Kind = results.Kind

// CheckResult is the outcome of one check (see package results).
type CheckResult = results.CheckResult

// Result is the outcome of checking one copy of a lesson (see package results).
type Result = results.Result

// The statuses, as package results spells them.
const (
	StatusPassed     = results.StatusPassed
	StatusFailed     = results.StatusFailed
	StatusNoCompile  = results.StatusNoCompile
	StatusRejected   = results.StatusRejected
	StatusMissing    = results.StatusMissing
	StatusEmpty      = results.StatusEmpty
	StatusBadArchive = results.StatusBadArchive
	StatusBadSource  = results.StatusBadSource
	StatusKitError   = results.StatusKitError
)
