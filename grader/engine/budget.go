package engine

import (
	"time"

	"harnesslab/grader/checkkit"
)

// Budget is every limit of a check run, derived from one setting: how much
// processor time one check may use (Options.CheckTimeout). Nothing else in
// the engine picks a duration of its own; each limit below is that setting,
// its wall-clock ceiling (checkkit.WallCeiling, WallFactor times it) or one
// of them plus a named grace.
//
//	check program's own limits  Check of processor time and waiting on itself, Wall on the clock   the check stops itself and gives a timeout verdict with a place
//	process limits              CPU: 2 × Check + StartGrace, wall: Wall + Check + StartGrace   the runner asks the program for its goroutine stacks (SIGQUIT)
//	process kill                wall limit + StackGrace                      the runner kills the program's process group
//	replay                      a check stopped at Wall, before using Check of processor time, while another check ran, is run again alone after the others; its second run counts
//	runner limit                (waves + replays) × kill + RunnerGrace, where waves = checks ÷ parallel, rounded up, and replays = checks when parallel > 1
//	stop of the whole run       the caller's deadline − RunnerGrace (a grading run's per-submission limit)
//
// Processor time is what a check does, whatever else the machine is doing:
// a busy machine makes a check take longer on the clock, not use more
// processor time. The runner reads it from /proc/PID/stat (utime + stime of
// the check program, every thread, polled every cpuPoll); the check program
// reads its own with getrusage(RUSAGE_SELF), and adds the time during which
// none of its goroutines was running or ready to run: waiting on itself (a
// sleep, a deadlock) counts, waiting for the machine does not. A check
// starved by a crowded machine is stopped by the wall-clock ceiling instead,
// and a check that timed out there while other checks ran is played again
// with none running before its timeout counts. A check that used up its processor time is not played
// again: nothing else on the machine made it use more, and an endless loop,
// the commonest timeout, would cost its time twice. Where the system does not say how much processor time a
// program used, the limits fall back to the wall clock.
type Budget struct {
	Check time.Duration // how much processor time one check may use
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

// Wall is a check's wall-clock ceiling: a check that waits rather than
// computes is stopped there.
func (b Budget) Wall() time.Duration { return checkkit.WallCeiling(b.Check) }

// ProcessCPU is the processor time after which the runner asks a check
// program that has given no verdict for its stacks. It leaves the check's
// own limit a whole Check of room: a program with several busy threads uses
// processor time faster than the clock runs, and its own timer must still
// get the processor, take the stacks and write its verdict. Were the runner
// to stop it first, two gradings of one copy could read differently.
func (b Budget) ProcessCPU() time.Duration { return 2*b.Check + StartGrace }

// Process is when, on the clock, the runner asks a check program that has
// given no verdict for its stacks: a whole Check past the wall ceiling, for
// the same reason.
func (b Budget) Process() time.Duration { return b.Wall() + b.Check + StartGrace }

// Kill is the most one run of a check program can take on the clock: then
// it is killed.
func (b Budget) Kill() time.Duration { return b.Process() + StackGrace }

// Runner is the most a check runner can take for checks checks run parallel
// at a time, each of them perhaps played again alone after a timeout (when
// checks run side by side).
func (b Budget) Runner(checks, parallel int) time.Duration {
	parallel = max(parallel, 1)
	runs := (checks + parallel - 1) / parallel // waves
	if parallel > 1 {
		runs += checks // replays
	}
	return time.Duration(runs)*(b.Kill()+DrainGrace) + RunnerGrace
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
