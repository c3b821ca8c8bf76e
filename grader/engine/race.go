package engine

import (
	"regexp"
	"slices"
	"strings"
)

// envRace is the race detector's setting for every check program. Only a
// program built with -race reads it: it stops at the first data race, with
// exit status 66 and the race's report on stderr, and it exits without the
// race detector's usual second of waiting for late reports (the verdict is
// written by then, and a race after it cannot change it).
const envRace = "GORACE=halt_on_error=1 atexit_sleep_ms=0"

// raceAccess matches the header of one side of a race report ("Write at
// 0x00c000012345 by goroutine 7:", "Previous read at ... by main goroutine:")
// and the place a goroutine in it was started ("Goroutine 8 (running)
// created at:").
var (
	raceAccess  = regexp.MustCompile(`^(?:Previous )?(?:Atomic )?(?:[Rr]ead|[Ww]rite) at 0x[0-9a-f]+ by (?:goroutine \d+|main goroutine):$`)
	raceCreated = regexp.MustCompile(`^Goroutine \d+ \(.*\) created at:$`)
)

// raceWords explains a check program that the race detector stopped, in
// words that are the same on every run (no goroutine numbers, no addresses,
// the two sides in a fixed order), or returns "" when stderr reports no race.
func raceWords(stderr string) string {
	i := strings.Index(stderr, "WARNING: DATA RACE")
	if i < 0 {
		return ""
	}
	var accesses, started []string
	sections := strings.Split(stderr[i:], "\n\n")
	for _, s := range sections {
		lines := strings.Split(strings.TrimSpace(s), "\n")
		if lines[0] == "WARNING: DATA RACE" {
			lines = lines[1:]
		}
		if len(lines) == 0 {
			continue
		}
		head := strings.TrimSpace(lines[0])
		if raceAccess.MatchString(head) {
			// Which side read and which wrote depends on which ran
			// first: name the places only.
			where, _ := raceFrame(lines[1:])
			accesses = append(accesses, "at "+where)
		} else if where, mine := raceFrame(lines[1:]); mine && raceCreated.MatchString(head) {
			started = append(started, "a goroutine in it was started at "+where)
		}
	}
	slices.Sort(accesses)
	slices.Sort(started)
	started = slices.Compact(started)
	var b strings.Builder
	b.WriteString("your code has a data race: two goroutines used the same memory at the same time, at least one of them writing, " +
		"and nothing made one wait for the other. The race detector stopped the program at the first race:")
	for _, a := range slices.Compact(accesses) {
		b.WriteString("\n  " + a)
	}
	for _, s := range started {
		b.WriteString("\n  " + s)
	}
	b.WriteString("\nGuard what both goroutines use with a sync.Mutex, hand it over a channel, " +
		"or wait for one goroutine to finish (sync.WaitGroup) before the other uses it.")
	return b.String()
}

// raceFrame returns the first frame of a race report's stack that is in
// student code, as "harness.go:38 (ToolCalls)", and true; without one, the
// first frame, said to be the kit's, and false.
func raceFrame(lines []string) (string, bool) {
	var frames []string
	for i := 0; i+1 < len(lines); i += 2 {
		fn, file := strings.TrimSpace(lines[i]), strings.TrimSpace(lines[i+1])
		if j := strings.LastIndex(file, " +0x"); j >= 0 {
			file = file[:j]
		}
		fn = strings.TrimSuffix(fn[strings.LastIndex(fn, "/")+1:], "()")
		if j := strings.Index(fn, "."); j >= 0 {
			fn = fn[j+1:] // drop the package
		}
		frame := file[strings.LastIndex(file, "/")+1:] + " (" + fn + ")"
		if strings.Contains(file, "/lessons/") || strings.Contains(file, "/solutions/") {
			return frame, true
		}
		frames = append(frames, frame)
	}
	if len(frames) == 0 {
		return "a place the report does not name", false
	}
	return frames[0] + ", in the kit's code (the race is with something your code shares with the checks)", false
}
