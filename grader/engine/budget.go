package engine

import (
	"time"
)

// Budget is every time limit of a check run, derived from one setting: how
// long one check may run (Options.CheckTimeout). Nothing else in the engine
// picks a duration of its own; each limit below is that setting plus a named
// grace.
//
//	check program's own timer   Check                 the check stops itself and gives a timeout verdict with a place
//	process limit               Check + StartGrace    the runner asks the program for its goroutine stacks (SIGQUIT)
//	process kill                ... + StackGrace      the runner kills the program's process group
//	runner limit                waves × kill + RunnerGrace, where waves = checks ÷ parallel, rounded up
//	stop of the whole run       the caller's deadline − RunnerGrace (a grading run's per-submission limit)
type Budget struct {
	Check time.Duration // how long one check may run
}

// The graces, each for one thing that happens beyond a check's own limit.
const (
	// StartGrace is the time a check program has, beyond its check's limit,
	// to start (student init functions included) and to write its verdict
	// after its own timer fired.
	StartGrace = 2 * time.Second
	// StackGrace is the time between asking a stuck check program for its
	// goroutine stacks (which name the student's function it is stuck in)
	// and killing it.
	StackGrace = 3 * time.Second
	// RunnerGrace is the time the check runner has, beyond its checks, to
	// start and to report; it also stops its checks this long before the
	// caller's deadline, so that what they earned is reported in time.
	RunnerGrace = 2 * time.Second
	// ScriptGrace is the time the check scripts have to read back the
	// verdicts once every check has run.
	ScriptGrace = 10 * time.Second
	// DrainGrace is how long the runner waits, after a check program ended,
	// for its output pipes to close (something it started may hold them).
	DrainGrace = time.Second
)

// Process is when the runner asks a check program that has given no verdict
// for its stacks.
func (b Budget) Process() time.Duration { return b.Check + StartGrace }

// Kill is the most one check program can take: then it is killed.
func (b Budget) Kill() time.Duration { return b.Process() + StackGrace }

// Runner is the most a check runner can take for checks checks run parallel
// at a time.
func (b Budget) Runner(checks, parallel int) time.Duration {
	parallel = max(parallel, 1)
	waves := (checks + parallel - 1) / parallel
	return time.Duration(waves)*(b.Kill()+DrainGrace) + RunnerGrace
}

// stopAt is when a run under a deadline stops its checks: RunnerGrace
// before the deadline, so that the runner can still report what they earned.
// It is zero when there is no deadline.
func stopAt(deadline time.Time, ok bool) time.Time {
	if !ok {
		return time.Time{}
	}
	return deadline.Add(-RunnerGrace)
}
