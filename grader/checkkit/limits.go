package checkkit

import (
	"fmt"
	"harnesslab/grader/results"
	"runtime"
	"runtime/metrics"
	"sort"
	"strings"
	"time"
)

// The limits a check program keeps on itself while a check runs. A check's
// time limit counts the time the check itself took, not the time it waited
// for the machine: processor time (user and system, of every thread of the
// program, from getrusage), plus the time during which no goroutine of the
// program was running or ready to run (it was waiting on itself: a sleep, a
// channel nobody writes to, a deadlock). A busy machine, which keeps the
// program's goroutines ready but not running, adds to neither, so it never
// turns a pass into a timeout, and a deadlock is still stopped at the limit.
// The wall clock has a ceiling too, WallFactor times the limit.
const (
	// WallFactor is how many times its processor-time limit a check may take
	// on the wall clock.
	WallFactor = 3
	// MaxMemory is the most memory a check program may use (the Go heap,
	// stacks and the runtime's own, as the runtime counts them); beyond it
	// the check fails, naming the student's function that was running.
	MaxMemory = 512 << 20
	// MaxGoroutines is the most goroutines a check program may hold at once;
	// beyond it the check fails, naming the student's function that started
	// most of them.
	MaxGoroutines = 10000
	// watchEvery is how often the limits are looked at.
	watchEvery = 10 * time.Millisecond
)

// The limits watch keeps; tests lower them.
var (
	memoryLimit    uint64 = MaxMemory
	goroutineLimit        = MaxGoroutines
)

// WallCeiling is the wall-clock ceiling of a check whose processor-time limit
// is cpu.
func WallCeiling(cpu time.Duration) time.Duration { return WallFactor * cpu }

// The limits, as overLimit names them.
const (
	limitNone = iota
	limitTime
	limitMemory
	limitGoroutines
)

// usage is what a check program has used so far.
type usage struct {
	cpu        time.Duration // processor time, user and system; 0 where the system does not say
	cpuKnown   bool
	stalled    time.Duration // wall time with no goroutine running or ready to run but the watcher
	wall       time.Duration
	memory     uint64
	goroutines int
}

// memorySample reads the memory the runtime holds from the system and has
// not given back.
var memorySample = []metrics.Sample{
	{Name: "/memory/classes/total:bytes"},
	{Name: "/memory/classes/heap/released:bytes"},
}

// measure reads what the program has used since start.
func measure(start time.Time) usage {
	u := usage{wall: time.Since(start), goroutines: runtime.NumGoroutine()}
	u.cpu, u.cpuKnown = processCPU()
	metrics.Read(memorySample)
	total, released := memorySample[0].Value.Uint64(), memorySample[1].Value.Uint64()
	if total > released {
		u.memory = total - released
	}
	return u
}

// schedSample counts the goroutines of the program that are running and
// those ready to run. (lab's Timeline reads the same counts, for the same
// reason: to tell a program waiting on itself from one waiting for the
// machine.)
var schedSample = []metrics.Sample{
	{Name: "/sched/goroutines/runnable:goroutines"},
	{Name: "/sched/goroutines/running:goroutines"},
}

// stalled reports whether no goroutine of the program is running or ready to
// run, but the caller: the program is waiting on itself. Where the runtime
// does not give the counts, it reports false, and processor time and the
// wall ceiling alone decide.
func stalled() bool {
	metrics.Read(schedSample)
	ready, running := schedSample[0].Value, schedSample[1].Value
	if ready.Kind() != metrics.KindUint64 || running.Kind() != metrics.KindUint64 {
		return false
	}
	return ready.Uint64() == 0 && running.Uint64() <= 1
}

// overLimit says, in a sentence that starts after "the check ", which limit
// u is over, or "" when it is within all of them. cpuBase is the processor
// time the program had used before the check started.
func overLimit(u usage, cpuBase, limit time.Duration) (which int, words string) {
	switch {
	case u.memory > memoryLimit:
		return limitMemory, fmt.Sprintf("used more than %d MiB of memory", memoryLimit>>20)
	case u.goroutines > goroutineLimit:
		return limitGoroutines, fmt.Sprintf("had more than %d goroutines at once", goroutineLimit)
	case u.cpuKnown && u.cpu-cpuBase+u.stalled >= limit, !u.cpuKnown && u.wall >= limit, u.wall >= WallCeiling(limit):
		// Which limit comes first depends on how busy the machine is, so
		// the words name both: a grade reads the same on every run.
		return limitTime, fmt.Sprintf("timed out: the check did not finish within its limit (%s of processor time and waiting, or %s on the clock)",
			limit, WallCeiling(limit))
	}
	return limitNone, ""
}

// advice is what a student can do about a limit.
func advice(which int) string {
	switch which {
	case limitMemory:
		return "Does a slice or map grow without end, or is something kept that could be let go?"
	case limitGoroutines:
		return "Is a goroutine started for each of an endless stream of things, or in a loop that never ends?"
	}
	return "Is there a loop that never ends, or a wait for something that never comes?"
}

// limitVerdict words a check stopped at a limit, naming the student's
// functions that were running (or, for too many goroutines, the one that
// started most of them).
func (c *C) limitVerdict(which int, words string) *Verdict {
	stack := stackFrames(true)
	var where []string
	if which == limitGoroutines {
		where = starters(stack)
	} else {
		where = StudentFrames(stack)
	}
	msg := words
	if len(where) > 0 {
		// Where a spinning loop is caught varies from run to run: name the
		// innermost function without its line, so a grade is repeatable.
		if i := strings.LastIndex(where[0], ":"); i >= 0 {
			where[0] = where[0][:i] + ")"
		}
		sep := ", inside "
		if which == limitGoroutines {
			sep = ", most of them started by "
		}
		msg += sep + strings.Join(where[:min(len(where), 3)], ", called from ")
	}
	msg += ". " + advice(which)
	kind := results.KindPanic // the program would have crashed
	if which == limitTime {
		kind = results.KindTimeout
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	return &Verdict{Kind: kind, Failures: append(c.failures, msg), Details: c.details, Transcripts: c.transcriptsLocked()}
}

// starters returns the student's function that started most goroutines in
// stack, as a one-element list, or nil when none was started by student code.
func starters(stack string) []string {
	counts := map[string]int{}
	lines := strings.Split(stack, "\n")
	for i, line := range lines {
		if strings.HasPrefix(line, "created by ") && i+1 < len(lines) {
			if where := StudentFrames(line + "\n" + lines[i+1]); len(where) > 0 {
				counts[where[0]]++
			}
		}
	}
	if len(counts) == 0 {
		return nil
	}
	names := make([]string, 0, len(counts))
	for n := range counts {
		names = append(names, n)
	}
	sort.Slice(names, func(i, j int) bool {
		if counts[names[i]] != counts[names[j]] {
			return counts[names[i]] > counts[names[j]]
		}
		return names[i] < names[j]
	})
	return names[:1]
}
