package harness

// Search returns the lines of the workspace's files that contain query
// (case matters), file by file in the order ws.Paths gives, each line as
// hitLine: where it is and what it says, never more of the file. It returns
// at most MaxHits such lines, then hitsMore if there were more; hitsNone if
// there were none. An empty query is an error ("the query is empty: say what
// to search for"). Each file is read once.
func Search(ws *lab.Workspace, query string) (string, error) {
	// --- your code ---
	var b strings.Builder
	hits := 0
	for _, path := range ws.Paths() {
		text, err := ws.ReadText(path)
		if err != nil {
			return "", err
		}
		for offset, line := range splitLines(text) {
			if !strings.Contains(line, query) {
				continue
			}
			if hits < MaxHits {
				fmt.Fprintf(&b, hitLine, path, offset, strings.TrimSuffix(line, "\n"))
			}
			hits++
		}
	}
	switch {
	case hits == 0:
		return fmt.Sprintf(hitsNone, query), nil
	case hits > MaxHits:
		fmt.Fprintf(&b, hitsMore, hits-MaxHits)
	}
	return b.String(), nil
	// --- end ---
}
