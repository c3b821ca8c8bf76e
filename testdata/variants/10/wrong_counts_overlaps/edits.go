package harness

// Edit replaces the one place where oldText stands in the file at path by
// newText, as a compare-and-swap: it writes nothing, and says why, when the
// file has not been read in this conversation, has changed since it was read,
// or does not hold oldText exactly once. Before the first edit of a file, and
// before the first edit since someone else wrote it, it keeps the file's
// text, for Undo.
func (e *Edits) Edit(path, oldText, newText string) (string, error) {
	if err := InWorkspace(path); err != nil {
		return "", err
	}
	// --- your code ---
	seen, ok := e.seen[path]
	if !ok {
		return "", refuse(notReadYet, path)
	}
	if e.ws.Version(path) != seen {
		return "", refuse(changedSinceRead, path)
	}
	if oldText == "" {
		return "", refuse(emptyOldText)
	}
	text, err := e.ws.ReadText(path)
	if err != nil {
		return "", err
	}
	switch n := countPlaces(text, oldText); n {
	case 0:
		return "", refuse(oldTextMissing, path)
	case 1:
	default:
		return "", refuse(oldTextRepeated, n, path)
	}
	if _, kept := e.originals[path]; !kept || e.ws.Version(path) != e.wrote[path] {
		e.originals[path] = text // the first edit since anyone else wrote the file
	}
	e.ws.WriteText(path, strings.Replace(text, oldText, newText, 1))
	e.seen[path] = e.ws.Version(path)
	e.wrote[path] = e.seen[path]
	return fmt.Sprintf(editDone, path), nil
	// --- end ---
}

// countPlaces counts where oldText starts in text, looking at every position.
func countPlaces(text, oldText string) int {
	n := 0
	for i := 0; i+len(oldText) <= len(text); i++ {
		if text[i:i+len(oldText)] == oldText {
			n++
		}
	}
	return n
}
