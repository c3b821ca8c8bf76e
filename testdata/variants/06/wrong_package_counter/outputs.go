package harness

// Preview returns what the model is sent instead of a big output: its first
// HeadLines lines, one marker line (cutMarker) that says what was cut and
// that artifact holds all of it, and its last TailLines lines, each exactly
// as the output has it. An output that is not big comes back unchanged.
func Preview(output, artifact string) string {
	// --- your code ---
	lines := splitLines(output)
	if len(lines) <= HeadLines+TailLines {
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

// saved counts the outputs kept so far.
var saved int

// KeepBigOutputs returns copies of tools whose Execute keeps every big output
// whole in ws, at the next artifact path that holds no file yet (counting
// from outputs/1.log for this set of tools), and returns its Preview instead.
// Small outputs and failures come back exactly as the tool returned them.
// The caller's tools are left as they were.
func KeepBigOutputs(tools []lab.Tool, ws *lab.Workspace) []lab.Tool {
	// --- your code ---
	nextPath := func() string {
		taken := map[string]bool{}
		for _, path := range ws.Paths() {
			taken[path] = true
		}
		for {
			saved++
			if path := artifactPath(saved); !taken[path] {
				return path
			}
		}
	}
	wrapped := make([]lab.Tool, len(tools))
	for i, tool := range tools {
		execute := tool.Execute
		tool.Execute = func(args lab.Args) (string, error) {
			output, err := execute(args)
			if err != nil || !isBig(output) {
				return output, err
			}
			path := nextPath()
			ws.WriteText(path, output)
			return Preview(output, path), nil
		}
		wrapped[i] = tool
	}
	return wrapped
	// --- end ---
}
