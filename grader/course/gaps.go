package course

import "strings"

// The lines that mark a gap. In a lesson's source a gap holds both texts:
//
//	// --- your code ---
//	(the reference solution's lines)
//	// --- starter ---
//	(the starter's lines: guidance and panic("Name: not written yet"))
//	// --- end ---
const (
	gapStart   = "// --- your code ---"
	gapStarter = "// --- starter ---"
	gapEnd     = "// --- end ---"
)

// SolutionForm returns src with each gap holding the solution's lines.
func SolutionForm(src []byte) []byte { return gapForm(src, false) }

// StarterForm returns src with each gap holding the starter's lines.
func StarterForm(src []byte) []byte { return gapForm(src, true) }

// gapForm keeps, inside each gap, the solution's lines or the starter's.
func gapForm(src []byte, starter bool) []byte {
	var out strings.Builder
	part := "" // "", "solution" or "starter"
	for _, line := range strings.SplitAfter(string(src), "\n") {
		switch strings.TrimSpace(line) {
		case gapStart:
			part = "solution"
		case gapStarter:
			part = "starter"
			continue
		case gapEnd:
			part = ""
		}
		if part == "solution" && starter && strings.TrimSpace(line) != gapStart {
			continue
		}
		if part == "starter" && !starter {
			continue
		}
		out.WriteString(line)
	}
	return []byte(out.String())
}

// StripGaps returns src without its gap marker lines: a later lesson's
// starter carries an earlier lesson's solution with its gaps filled in and
// unmarked.
func StripGaps(src []byte) []byte {
	var out strings.Builder
	for _, line := range strings.SplitAfter(string(src), "\n") {
		switch strings.TrimSpace(line) {
		case gapStart, gapEnd, gapStarter:
			continue
		}
		out.WriteString(line)
	}
	return []byte(out.String())
}

// hasGaps reports whether src holds a gap.
func hasGaps(src []byte) bool {
	for _, line := range strings.Split(string(src), "\n") {
		if strings.TrimSpace(line) == gapStart {
			return true
		}
	}
	return false
}
