package harness

// Preview returns what the model is sent instead of a big output: its first
// HeadLines lines, one marker line (cutMarker) that says what was cut and
// that artifact holds all of it, and its last TailLines lines, each exactly
// as the output has it. An output that is not big comes back unchanged.
func Preview(output, artifact string) string {
	// --- your code ---
	lines := splitLines(output)
	if len(lines) < HeadLines+TailLines {
		return output
	}
	last := len(lines) - TailLines
	cut := last - HeadLines
	var b strings.Builder
	b.WriteString(strings.Join(lines[:HeadLines], ""))
	fmt.Fprintf(&b, cutMarker, cut, len(lines), HeadLines, last-1, artifact)
	b.WriteString(strings.Join(lines[last:], ""))
	return b.String()
	// --- end ---
}
