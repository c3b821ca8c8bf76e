//go:build !unix

package checkkit

import "time"

// processCPU reports that this system does not say how much processor time
// the program used: the check's limit is then counted on the wall clock.
func processCPU() (time.Duration, bool) { return 0, false }
