package sandbox

import "sync"

// The modes Mode reports.
const (
	ModeBwrap       = "bwrap"       // bubblewrap namespaces plus rlimits
	ModeRlimit      = "rlimit"      // the fallback: rlimits and a process group
	ModeUnsupported = "unsupported" // not Linux: Run returns an error
)

// modeInfo is what detection found, once per process.
type modeInfo struct {
	mode          string
	warning       string
	bwrap         string // path of the bwrap binary, in ModeBwrap
	disableUserns bool   // bwrap accepts --disable-userns
}

var (
	modeOnce sync.Once
	detected modeInfo
)

// Mode reports how commands will be isolated on this machine: ModeBwrap, or
// ModeRlimit (the fallback) with one sentence saying why and what is not
// isolated, for the caller to print once as a warning. The first call runs
// bwrap once to find out whether it works here (it can fail inside
// containers that lack the capabilities it needs); later calls return the
// cached answer. Run calls Mode itself, unless its Config has Fallback set:
// then it uses the fallback without asking, and never waits for the trial run.
func Mode() (mode string, warning string) {
	m := detectMode()
	return m.mode, m.warning
}

// detectMode returns the cached detection, running it the first time.
func detectMode() modeInfo {
	modeOnce.Do(func() { detected = detect() })
	return detected
}

// fallbackWarning is the sentence Mode gives for the fallback mode.
func fallbackWarning(reason string) string {
	return "sandbox: " + reason + ", so untrusted commands run with resource limits and a process group only: " +
		"they can read and write every file this user can, reach the network, see and signal other processes, " +
		"and a process that leaves its process group (setsid) can outlive its run"
}
