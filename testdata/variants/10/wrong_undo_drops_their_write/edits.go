package harness

// Edit replaces the one place where oldText stands in the file at path by
// newText, as a compare-and-swap: it writes nothing, and says why, when the
// file has not been read in this conversation, has changed since it was read,
// or does not hold oldText exactly once. Before the first edit of a file it
// keeps the file's text, for Undo.
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
	switch n := occurrences(text, oldText); n {
	case 0:
		return "", refuse(oldTextMissing, path)
	case 1:
	default:
		return "", refuse(oldTextRepeated, n, path)
	}
	if _, kept := e.originals[path]; !kept {
		e.originals[path] = text
	}
	e.ws.WriteText(path, strings.Replace(text, oldText, newText, 1))
	e.seen[path] = e.ws.Version(path)
	e.wrote[path] = e.seen[path]
	return fmt.Sprintf(editDone, path), nil
	// --- end ---
}
