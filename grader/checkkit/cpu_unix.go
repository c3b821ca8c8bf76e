//go:build unix

package checkkit

import (
	"syscall"
	"time"
)

// processCPU is the processor time, user and system, that every thread of
// this program has used so far.
func processCPU() (time.Duration, bool) {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0, false
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano()), true
}
